#!/usr/bin/env python3
"""Gather the benign shell-command corpus from public documentation.

Three steps, each re-runnable:

  python3 gather.py fetch     # download the pinned Debian packages, PyPI wheels,
                              # npm tarballs and crates (ordinary clients only:
                              # apt-get download, pip download, npm pack, cargo info)
  python3 gather.py extract   # render man pages / READMEs and write every
                              # command-looking line to $WORK/candidates.jsonl
  python3 gather.py build     # apply the hand labels in labels.jsonl to the
                              # candidates and write benign-commands.jsonl,
                              # benign-extra.jsonl and excluded.jsonl next to
                              # this script, then validate (also: `validate`)

`python3 gather.py all` runs the three in order. `python3 gather.py show DOC`
prints the candidates of one document (e.g. `show git-log(1)`), which is how
the labels were written.

Nothing is installed system-wide: .deb files are unpacked with `dpkg-deb -x`
into $WORK/root (default /tmp/hookward-corpus-work, override with
HOOKWARD_CORPUS_WORK). Man pages are rendered with `man -l` (man-db) and
`col -bx`, so man-db and bsdextrautils must be present (Debian default).

The hand labels (labels.jsonl) are the only input written by a person. Each
label names the document and the exact extracted line (`doc`, `raw`), the
decision (`benign` or `excluded`), the final `command` when the raw line had to
be edited (placeholders replaced, prompt removed, paths made project-relative),
the documentation's full text as `original` when the example spans several
lines, and, for exclusions, the `reason`. See README.md for the rules.
"""

from __future__ import annotations

import glob
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from collections import Counter, OrderedDict

HERE = os.path.dirname(os.path.abspath(__file__))
WORK = os.environ.get("HOOKWARD_CORPUS_WORK", "/tmp/hookward-corpus-work")
LABELS = os.path.join(HERE, "labels.jsonl")
OUT_BENIGN = os.path.join(HERE, "benign-commands.jsonl")
OUT_EXCLUDED = os.path.join(HERE, "excluded.jsonl")

# Debian 12 (bookworm) packages and the exact versions the corpus was built
# from. `fetch` asks for exactly these; if the mirror has moved on it falls back
# to the current candidate and says so (the `build` step then reports any label
# whose line no longer appears).
DEBS = OrderedDict(
    [
        ("git-man", "1:2.39.5-0+deb12u3"),
        ("make", "4.3-4.1"),
        ("curl", "7.88.1-10+deb12u15"),
        ("wget", "1.21.3-1+deb12u1"),
        ("rsync", "3.5.0+ds1-0+deb12u1"),
        ("tar", "1.34+dfsg-1.2+deb12u1"),
        ("gzip", "1.12-1"),
        ("bzip2", "1.0.8-5+b1"),
        ("xz-utils", "5.4.1-1+deb12u2"),
        ("zstd", "1.5.4+dfsg2-5+deb12u1"),
        ("zip", "3.0-13+deb12u1"),
        ("unzip", "6.0-28+deb12u1"),
        ("findutils", "4.9.0-4"),
        ("grep", "3.8-5"),
        ("sed", "4.9-1+deb12u1"),
        ("gawk", "1:5.2.1-2"),
        ("coreutils", "9.1-1"),
        ("diffutils", "1:3.8-4"),
        ("patch", "2.7.6-7+deb12u1"),
        ("file", "1:5.44-3"),
        ("less", "590-2.1~deb12u2"),
        ("tree", "2.1.0-1"),
        ("procps", "2:4.0.2-3"),
        ("lsof", "4.95.0-1"),
        ("strace", "6.1-0.1"),
        ("util-linux", "2.38.1-5+deb12u3"),
        ("openssh-client", "1:9.2p1-2+deb12u10"),
        ("jq", "1.6-2.1+deb12u3"),
        ("ripgrep", "13.0.0-4+b2"),
        ("fd-find", "8.6.0-3"),
        ("bat", "0.22.1-4"),
        ("hyperfine", "1.15.0-2"),
        ("tmux", "3.3a-3"),
        ("shellcheck", "0.9.0-1"),
        ("sqlite3", "3.40.1-2+deb12u2"),
        ("postgresql-client-15", "15.20-0+deb12u1"),
        ("docker.io", "20.10.24+dfsg1-1+deb12u1+b6"),
        ("gh", "2.23.0+dfsg1-1"),
        ("cargo", "0.66.0+ds1-1"),
        ("nodejs", "18.20.4+dfsg-1~deb12u3"),
        ("npm", "9.2.0~ds1-1"),
        ("python3.11", "3.11.2-6+deb12u9"),
        ("python3-pip", "23.0.1+dfsg-1"),
        ("python3-pytest", "7.2.1-2"),
        ("black", "23.1.0-1"),
        ("mypy", "1.0.1-1"),
        ("tox", "3.28.0-2"),
        ("pre-commit", "3.0.4-1"),
        ("httpie", "3.2.1-1"),
    ]
)

# README of each registry package (the long description in the wheel's
# METADATA, the README in the npm tarball, the README in the .crate).
PYPI = OrderedDict(
    [
        ("pytest", "9.2.0"),
        ("ruff", "0.17.6"),
        ("uv", "0.13.9"),
        ("black", "26.10.1"),
        ("mypy", "2.4.1"),
        ("poetry", "2.5.1"),
        ("tox", "4.67.15"),
        ("pre-commit", "4.7.0"),
        ("httpie", "3.2.4"),
        ("pip-tools", "7.6.2"),
        ("coverage", "7.17.5"),
        ("isort", "9.0.2"),
        ("flake8", "7.5.0"),
        ("pipx", "1.18.4"),
        ("nox", "2026.10.20"),
        ("build", "1.6.1"),
        ("twine", "7.0.0"),
    ]
)
NPM = OrderedDict(
    [
        ("eslint", "10.15.0"),
        ("prettier", "3.10.1"),
        ("typescript", "7.0.2"),
        ("vite", "8.4.0"),
        ("jest", "30.5.2"),
        ("pnpm", "12.21.0"),
        ("yarn", "1.22.22"),
        ("vitest", "5.1.2"),
        ("nodemon", "3.1.14"),
        ("tsx", "4.23.15"),
        ("npm-check-updates", "23.1.1"),
        ("http-server", "14.1.1"),
        ("concurrently", "10.0.7"),
        ("rimraf", "6.1.4"),
        ("turbo", "2.11.11"),
    ]
)
CRATES = OrderedDict(
    [
        ("ripgrep", "15.2.0"),
        ("fd-find", "10.5.0"),
        ("bat", "0.26.1"),
        ("hyperfine", "1.20.0"),
        ("just", "1.59.0"),
        ("cargo-nextest", "0.9.151"),
        ("tokei", "15.0.0"),
        ("cargo-watch", "8.5.3"),
        ("cargo-edit", "0.13.13"),
        ("cargo-audit", "0.22.2"),
        ("cargo-deny", "0.20.2"),
    ]
)

# First words that make a line a command candidate. Deliberately broad: the
# hand labels decide; this list only keeps prose out of the candidate file.
COMMAND_WORDS = set(
    """
git gitk make curl wget rsync tar gzip gunzip zcat bzip2 bunzip2 bzcat xz unxz xzcat
zstd unzstd zstdcat zip unzip zipinfo zipgrep find xargs locate grep egrep fgrep zgrep
sed awk gawk ls cat head tail wc sort uniq cut tr tee paste join comm split csplit nl
fmt fold pr od base64 md5sum sha1sum sha256sum sha512sum b2sum cksum du df stat touch
mkdir rmdir rm cp mv ln chmod chown chgrp install readlink realpath basename dirname
date env printenv echo printf pwd test true false sleep seq yes timeout nice nohup id
whoami uname hostname tty stty dd shred truncate mktemp numfmt expand unexpand tac rev
diff diff3 cmp sdiff patch file less more tree ps pgrep pkill kill top free uptime
watch pmap pwdx vmstat w lsof strace ltrace ssh scp sftp ssh-keygen ssh-add ssh-agent
ssh-copy-id ssh-keyscan jq rg fd fdfind bat batcat hyperfine tmux shellcheck sqlite3
psql pg_dump docker gh cargo rustc rustup rustfmt node npm npx pnpm yarn python python3
pip pip3 pipx uv uvx ruff black mypy dmypy pytest py.test tox nox poetry pre-commit
http https coverage isort flake8 twine eslint prettier tsc vite jest vitest nodemon tsx
ncu http-server concurrently rimraf turbo just cargo-nextest tokei cargo-watch
cargo-audit cargo-deny pip-compile pip-sync column getopt hexdump look more rename script setsid whereis
flock lscpu lsblk findmnt mount logger cal col colrm ul more kill renice taskset
chrt ionice fallocate wall write mesg last script scriptreplay
""".split()
)

PROMPT_RE = re.compile(r"^(?:\(\w+\))?([$%#>]|\w[\w@.~:/-]*[$#%])\s+(?=\S)")


def run(cmd, **kw):
    print("+", " ".join(cmd), file=sys.stderr)
    return subprocess.run(cmd, check=True, **kw)


# ---------------------------------------------------------------- fetch
def fetch():
    debs = os.path.join(WORK, "debs")
    root = os.path.join(WORK, "root")
    os.makedirs(debs, exist_ok=True)
    os.makedirs(root, exist_ok=True)
    for pkg, ver in DEBS.items():
        if glob.glob(os.path.join(debs, f"{pkg}_*.deb")):
            continue
        try:
            run(["apt-get", "download", f"{pkg}={ver}"], cwd=debs)
        except subprocess.CalledProcessError:
            print(f"warning: {pkg}={ver} not on the mirror; taking the candidate", file=sys.stderr)
            run(["apt-get", "download", pkg], cwd=debs)
    for deb in sorted(glob.glob(os.path.join(debs, "*.deb"))):
        run(["dpkg-deb", "-x", deb, root])

    pypi = os.path.join(WORK, "pypi")
    os.makedirs(pypi, exist_ok=True)
    for pkg, ver in PYPI.items():
        norm = re.sub(r"[-_.]+", "_", pkg).lower()
        if any(os.path.basename(f).lower().replace("-", "_").startswith(f"{norm}_{ver}")
               for f in glob.glob(os.path.join(pypi, "*"))):
            continue
        run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", pypi, f"{pkg}=={ver}"])

    npmdir = os.path.join(WORK, "npm")
    os.makedirs(npmdir, exist_ok=True)
    for pkg, ver in NPM.items():
        if glob.glob(os.path.join(npmdir, f"{pkg}-{ver}.tgz")):
            continue
        run(["npm", "pack", "--silent", f"{pkg}@{ver}", "--pack-destination", npmdir])

    for crate, ver in CRATES.items():
        if not crate_file(crate, ver):
            # `cargo info` downloads the .crate into $CARGO_HOME/registry/cache.
            run(["cargo", "info", f"{crate}@{ver}"], stdout=subprocess.DEVNULL)


def crate_file(crate, ver):
    home = os.environ.get("CARGO_HOME", os.path.expanduser("~/.cargo"))
    hits = glob.glob(os.path.join(home, "registry", "cache", "*", f"{crate}-{ver}.crate"))
    return hits[0] if hits else None


# ---------------------------------------------------------------- extract
def deb_versions():
    out = {}
    for deb in glob.glob(os.path.join(WORK, "debs", "*.deb")):
        name = os.path.basename(deb)[:-4]
        pkg, ver, _arch = name.split("_")
        out[pkg] = ver.replace("%3a", ":")
    return out


def man_owner(path, root):
    """Which downloaded .deb shipped this man page (dpkg-deb -c listings)."""
    rel = "./" + os.path.relpath(path, root)
    return MAN_OWNERS.get(rel)


MAN_OWNERS: dict[str, str] = {}


def index_owners():
    for deb in glob.glob(os.path.join(WORK, "debs", "*.deb")):
        pkg = os.path.basename(deb).split("_")[0]
        listing = subprocess.run(["dpkg-deb", "-c", deb], capture_output=True, text=True, check=True).stdout
        for line in listing.splitlines():
            parts = line.split()
            if len(parts) >= 6:
                MAN_OWNERS[parts[5]] = pkg


def render_man(path):
    env = dict(os.environ, MANWIDTH="400", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    p = subprocess.run(
        ["man", "--nh", "--nj", "-l", path], capture_output=True, env=env, check=False
    )
    text = subprocess.run(["col", "-bx"], input=p.stdout, capture_output=True, check=True).stdout
    return text.decode("utf-8", "replace")


def clean_command(raw):
    """The raw line without its shell prompt and without a trailing man-page callout like `(3)`."""
    cmd, _prompt = strip_prompt(raw)
    return re.sub(r"\s+\(\d+\)$", "", cmd).strip()


def strip_prompt(s):
    m = PROMPT_RE.match(s)
    if m:
        return s[m.end():], m.group(1)
    return s, ""


def first_word(cmd):
    words = cmd.split()
    i = 0
    while i < len(words) and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[i]):
        i += 1
    return words[i] if i < len(words) else ""


def looks_like_command(cmd):
    w = first_word(cmd)
    w = w.lstrip("(")
    return w in COMMAND_WORDS or w.startswith("git-") or w.startswith("./")


def join_continuations(lines):
    """Yield (index, text) with backslash-continued lines joined."""
    i = 0
    while i < len(lines):
        cur = lines[i].rstrip()
        start = i
        while cur.endswith("\\") and i + 1 < len(lines) and lines[i + 1].strip():
            i += 1
            cur = cur[:-1].rstrip() + " " + lines[i].strip()
        yield start, cur
        i += 1


def candidates_from_text(text, kind):
    """Command-looking lines of a rendered man page or README."""
    out = []
    section = ""
    lines = text.splitlines()
    for _i, line in join_continuations(lines):
        if not line.strip():
            continue
        if kind == "man" and not line.startswith(" "):
            # rendered man pages put section headers (EXAMPLES, Synopsis...) at column 0
            section = re.sub(r"\s{2,}.*", "", line.strip())
            continue
        body = line.strip()
        cmd, prompt = strip_prompt(body)
        if not looks_like_command(cmd):
            continue
        if len(cmd) > 300:
            continue
        out.append({"section": section, "raw": body, "prompt": prompt})
    return out


def readme_code_lines(text):
    """Lines inside fenced/indented code blocks, plus `$ ` lines anywhere."""
    lines = []
    fence = None
    rst_block = False
    for line in text.splitlines():
        s = line.strip()
        if fence is None and re.match(r"^(```+|~~~+)", s):
            fence = s[:3]
            continue
        if fence is not None:
            if s.startswith(fence):
                fence = None
                continue
            lines.append("    " + line)
            continue
        if s.endswith("::") or s.startswith(".. code-block::") or s.startswith(".. code::"):
            rst_block = True
            continue
        if rst_block:
            if s and not line.startswith((" ", "\t")):
                rst_block = False
            else:
                lines.append("    " + line)
                continue
        if s.startswith("$ "):
            lines.append("    " + s)
    return "\n".join(lines)


def extract():
    root = os.path.join(WORK, "root")
    index_owners()
    vers = deb_versions()
    cands = []
    pages = []
    for sec in ("1", "7"):
        pages += glob.glob(os.path.join(root, "usr", "share", "man", f"man{sec}", "*"))
        pages += glob.glob(os.path.join(root, "usr", "share", "postgresql", "*", "man", f"man{sec}", "*"))
    for page in sorted(pages):
        if os.path.islink(page):
            continue
        base = os.path.basename(page)
        m = re.match(r"^(.*)\.(\d\w*)(?:\.gz)?$", base)
        if not m:
            continue
        doc = f"{m.group(1)}({m.group(2)})"
        pkg = man_owner(page, root) or "?"
        text = render_man(page)
        for c in candidates_from_text(text, "man"):
            c.update(doc=doc, kind="man page", package=f"Debian package {pkg} {vers.get(pkg, '?')}")
            cands.append(c)

    # GNU info manuals (coreutils, grep, sed, find, diffutils, gzip, wget):
    # examples are indented lines; the section is the info node.
    for info in sorted(glob.glob(os.path.join(root, "usr", "share", "info", "*.info*.gz"))):
        base = os.path.basename(info)
        stem = base.split(".info")[0]
        if stem.endswith("-maint"):
            continue
        rel = "./" + os.path.relpath(info, root)
        pkg = MAN_OWNERS.get(rel, "?")
        with gzip.open(info, "rt", encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        node = ""
        lines = text.splitlines()
        for _i, line in join_continuations(lines):
            m = re.match(r"^File: [^,]+,\s+Node: ([^,]+),", line)
            if m:
                node = m.group(1).strip()
                continue
            if not line.startswith("     "):
                continue
            body = line.strip()
            cmd, prompt = strip_prompt(body)
            if not looks_like_command(cmd) or len(cmd) > 300:
                continue
            cands.append({"section": node, "raw": body, "prompt": prompt, "doc": f"{stem} info manual",
                          "kind": "info manual", "package": f"Debian package {pkg} {vers.get(pkg, '?')}"})

    # Markdown / reStructuredText documentation shipped in /usr/share/doc.
    docfiles = []
    for pat in ("*/*.md", "*/*.md.gz", "*/html/**/*.md", "*/html/**/*.md.gz", "*/html/_sources/*.rst.txt"):
        docfiles += glob.glob(os.path.join(root, "usr", "share", "doc", pat), recursive=True)
    for f in sorted(set(docfiles)):
        rel = "./" + os.path.relpath(f, root)
        pkg = MAN_OWNERS.get(rel)
        if not pkg or pkg.startswith("node-"):
            continue
        opener = gzip.open if f.endswith(".gz") else open
        with opener(f, "rt", encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        docrel = os.path.relpath(f, os.path.join(root, "usr", "share", "doc"))
        docrel = re.sub(r"\.gz$", "", docrel)
        for c in candidates_from_text(readme_code_lines(text), "readme"):
            c.update(doc=f"/usr/share/doc/{docrel}", kind="package documentation",
                     package=f"Debian package {pkg} {vers.get(pkg, '?')}")
            cands.append(c)

    def add_readme(doc, text, package):
        for c in candidates_from_text(readme_code_lines(text), "readme"):
            c.update(doc=doc, kind="README", package=package)
            cands.append(c)

    for pkg, ver in PYPI.items():
        norm = re.sub(r"[-_.]+", "_", pkg).lower()
        files = [f for f in glob.glob(os.path.join(WORK, "pypi", "*"))
                 if os.path.basename(f).lower().replace("-", "_").startswith(f"{norm}_{ver}")
                 and (f.endswith(".whl") or f.endswith(".tar.gz"))]
        if not files:
            print(f"warning: no download for {pkg}=={ver}", file=sys.stderr)
            continue
        f = files[0]
        text = ""
        if f.endswith(".whl"):
            with zipfile.ZipFile(f) as z:
                meta = [n for n in z.namelist() if n.endswith(".dist-info/METADATA")][0]
                raw = z.read(meta).decode("utf-8", "replace")
                text = raw.split("\n\n", 1)[1] if "\n\n" in raw else raw
        else:
            with tarfile.open(f) as t:
                for mem in t.getmembers():
                    if re.search(r"/README(\.\w+)?$", mem.name) and mem.name.count("/") == 1:
                        text = t.extractfile(mem).read().decode("utf-8", "replace")
                        break
        add_readme(f"{pkg} README", text, f"PyPI package {pkg} {ver}")

    for pkg, ver in NPM.items():
        f = os.path.join(WORK, "npm", f"{pkg}-{ver}.tgz")
        if not os.path.exists(f):
            print(f"warning: no download for {pkg}@{ver}", file=sys.stderr)
            continue
        with tarfile.open(f) as t:
            for mem in t.getmembers():
                if re.match(r"^package/readme(\.md|\.markdown)?$", mem.name, re.I):
                    text = t.extractfile(mem).read().decode("utf-8", "replace")
                    add_readme(f"{pkg} README", text, f"npm package {pkg} {ver}")
                    break

    for crate, ver in CRATES.items():
        f = crate_file(crate, ver)
        if not f:
            print(f"warning: no download for {crate} {ver}", file=sys.stderr)
            continue
        with tarfile.open(f) as t:
            for mem in t.getmembers():
                if re.match(rf"^{re.escape(crate)}-{re.escape(ver)}/readme(\.md)?$", mem.name, re.I):
                    text = t.extractfile(mem).read().decode("utf-8", "replace")
                    add_readme(f"{crate} README", text, f"crates.io crate {crate} {ver}")
                    break

    seen = set()
    out = []
    for c in cands:
        key = (c["doc"], c["raw"])
        if key in seen:
            continue
        seen.add(key)
        c["cid"] = hashlib.sha1(f"{c['doc']}\0{c['raw']}".encode()).hexdigest()[:10]
        out.append(c)
    path = os.path.join(WORK, "candidates.jsonl")
    with open(path, "w") as fh:
        for c in out:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    print(f"{len(out)} candidates from {len({c['doc'] for c in out})} documents -> {path}", file=sys.stderr)


def load_candidates():
    path = os.path.join(WORK, "candidates.jsonl")
    with open(path) as fh:
        return [json.loads(l) for l in fh]


def show(doc_pattern):
    rx = re.compile(doc_pattern)
    for c in load_candidates():
        if c["section"] in ("NAME", "SYNOPSIS", "SEE ALSO"):
            continue
        if rx.search(c["doc"]):
            print(f"{c['cid']}  {c['doc']:<24} [{c['section'][:18]}] {c['raw']}")


# ---------------------------------------------------------------- build
TOOL_ALIASES = {
    "python3": "python", "pip3": "pip", "fdfind": "fd", "batcat": "bat", "egrep": "grep",
    "fgrep": "grep", "gawk": "awk", "py.test": "pytest", "gunzip": "gzip", "zcat": "gzip",
    "unxz": "xz", "xzcat": "xz", "unzstd": "zstd", "zstdcat": "zstd", "bunzip2": "bzip2",
    "bzcat": "bzip2", "uvx": "uv", "dmypy": "mypy", "ncu": "npm-check-updates",
    "http": "httpie", "https": "httpie", "pip-compile": "pip-tools", "pip-sync": "pip-tools",
    "pg_dump": "postgresql", "psql": "postgresql", "zipinfo": "unzip",
}
# Commands whose first program only feeds the next one (`seq 3 | sed 2q` is a sed example).
FEEDERS = {"echo", "printf", "seq", "cat", "yes"}


def tool_of(cmd):
    """The program a command line is about: its first word, past env assignments and feeders."""
    segments = [seg.strip() for seg in re.split(r"\s\|\s|\s\|$|^\|\s", cmd) if seg.strip()]
    w = first_word(cmd).lstrip("(")
    if w in FEEDERS and len(segments) > 1:
        w = first_word(segments[1]).lstrip("(")
    w = os.path.basename(w) if "/" in w and not w.startswith("./") else w
    if w.startswith("git-"):
        return "git"
    if w.startswith("./"):
        return "script"
    if w in ("python", "python3") and " -m " in f" {cmd} ":
        mod = cmd.split(" -m ", 1)[1].split()[0]
        if mod in ("pytest", "pip", "mypy", "black", "ruff", "build", "twine", "coverage"):
            return mod
    return TOOL_ALIASES.get(w, w)


def source_string(c):
    if c["kind"] == "man page":
        sec = f" {c['section']}" if c["section"] else ""
        return f"{c['doc']}{sec}, {c['package']}"
    if c["kind"] == "info manual":
        return f"{c['doc']}, node '{c['section']}', {c['package']}"
    return f"{c['doc']}, {c['package']}"


# The labels hold more benign commands than the corpus should (git alone has
# hundreds of examples). To keep a broad mix, each tool keeps at most CAPS[tool]
# (DEFAULT_CAP otherwise) commands, picked evenly across its labels in file
# order; the rest go to benign-extra.jsonl, same format, so nothing labelled is
# lost. Rationale for the numbers: an agent's day is mostly git, the project's
# package manager and build tool, search and text tools; the caps mirror that.
CAPS = {
    "git": 100, "cargo": 30, "npm": 25, "docker": 22, "gh": 16, "curl": 16, "pip": 16,
    "find": 16, "sed": 16, "jq": 16, "fd": 14, "wget": 12, "uv": 12, "grep": 12,
    "pytest": 10, "tmux": 8, "ruff": 8, "npm-check-updates": 6, "just": 8, "nodemon": 6,
    "bat": 8, "hyperfine": 6,
}
DEFAULT_CAP = 6
# The commands an agent runs many times a day are always kept in the main file
# (they count toward their tool's cap); the cap's other slots are spread evenly.
CORE = {
    "git status", "git diff", "git log", "git add .", "git branch", "git diff --cached",
    "git stash", "git stash pop", "git pull", "git fetch", "git log --stat --summary",
    "git diff HEAD", "git show HEAD", 'git commit -a -m "WIP"', "git switch master",
    "git branch -d experimental", "git log -3", "git rebase --continue", "git init",
    "git remote", "git branch -r", "git clone https://github.com/BurntSushi/ripgrep",
    "cargo build", "cargo test", "cargo check", "cargo run", "cargo doc", "cargo build --release",
    "cargo tree", "cargo update", "cargo add regex", "cargo test --all", "cargo clean",
    "npm install", "npm test", "npm ci", "npm run test", "npm audit", "npm outdated", "npm start",
    "npm install sax", "pip install -r requirements.txt", "pip install .", "docker ps",
    "docker images", "docker build -t myimage .", "docker build .", "uv sync", "uv venv",
    "gh run view", "gh issue list", "just --list", "unzip -l file.zip", "fd -e py",
}
OUT_EXTRA = os.path.join(HERE, "benign-extra.jsonl")


# Coarse category of an exclusion, from words of its hand-written reason
# (first matching rule wins; an unmatched reason stops the build).
EXCLUSION_CATEGORIES = [
    ("pipe-to-shell", ("into a shell",)),
    ("unsafe-network", ("tls certificate verification", "path-traversal", "third-party extension")),
    ("destroys-local-work", ("discards", "throws away", "force-deletes", "deletes every tracked")),
    ("remote-write-or-publish", ("publish", "(push)")),
    ("credentials", ("credential", "token", "password", "logs in", "logs out", "secret",
                     "keyring", "deploy key", "key pair", "certificate")),
    ("data-leaves-machine", ("uploads", "copies the whole project", "copies source files",
                             "copies system files", "copies project files", "tunnel",
                             "remote host", "sends mail")),
    ("remote-write-or-publish", ("remote service", "remote change", "github", "crate",
                                 "workflow", "repository", "delete request", "remote ftp")),
    ("system-or-privileged", ("sudo", "root", "kernel", "setuid", "system clock", "disk",
                              "raw tape", "host's", "selinux", "ipc namespace", "owner",
                              "daemon", "every process", "scheduling priority", "host directory")),
    ("writes-outside-project", ("outside the project", "system-wide", "shell startup",
                                "~/.ssh", "shell configuration", "/etc/gitconfig", "globally",
                                "filesystem", "/tmp")),
]


def exclusion_category(reason):
    low = reason.lower()
    for name, words in EXCLUSION_CATEGORIES:
        if any(w in low for w in words):
            return name
    sys.exit(f"exclusion reason {reason!r} matches no category in EXCLUSION_CATEGORIES; add a rule")


def spread(items, k):
    """k items picked evenly across `items` (all of them when k >= len)."""
    n = len(items)
    if k >= n:
        return list(items)
    picked = sorted({(i * n) // k for i in range(k)})
    return [items[i] for i in picked]


def build():
    cands = {(c["doc"], c["raw"]): c for c in load_candidates()}
    labels = []
    with open(LABELS) as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                try:
                    labels.append(json.loads(line))
                except json.JSONDecodeError as e:
                    sys.exit(f"labels.jsonl line {n}: not JSON ({e}); fix the line")
    missing = [l for l in labels if (l["doc"], l["raw"]) not in cands]
    if missing:
        for l in missing[:20]:
            print(f"label not found among candidates: {l['doc']}: {l['raw']}", file=sys.stderr)
        sys.exit(f"{len(missing)} labels do not match an extracted line; re-run extract or fix labels.jsonl")

    benign, excluded = [], []
    seen_cmd = {}
    for l in labels:
        c = cands[(l["doc"], l["raw"])]
        cmd = l.get("command") or clean_command(l["raw"])
        rec = OrderedDict()
        rec["command"] = cmd
        rec["source"] = source_string(c)
        # `original` is the documentation's text when it differs from the command;
        # a label gives it explicitly when the example spans several lines.
        original = l.get("original") or l["raw"]
        if cmd != original:
            rec["original"] = original
        rec["tool"] = l.get("tool") or tool_of(cmd)
        if l["decision"] not in ("benign", "excluded"):
            sys.exit(f"label for {l['raw']!r}: decision must be benign or excluded, got {l['decision']!r}")
        if cmd in seen_cmd:
            sys.exit(f"duplicate command {cmd!r} (labels for {seen_cmd[cmd]} and {l['doc']}); keep one")
        seen_cmd[cmd] = l["doc"]
        if l["decision"] == "benign":
            rec["label"] = "benign"
            benign.append(rec)
        else:
            rec["label"] = "excluded"
            rec["reason"] = l["reason"]
            rec["category"] = exclusion_category(l["reason"])
            excluded.append(rec)

    by_tool = OrderedDict()
    for r in benign:
        by_tool.setdefault(r["tool"], []).append(r)
    keep = set()
    for tool, recs in by_tool.items():
        forced = [r for r in recs if r["command"] in CORE]
        others = [r for r in recs if r["command"] not in CORE]
        room = max(0, CAPS.get(tool, DEFAULT_CAP) - len(forced))
        for r in forced + spread(others, room):
            keep.add(id(r))
    main = [r for r in benign if id(r) in keep]
    extra = [r for r in benign if id(r) not in keep]

    def write(path, recs, prefix, width):
        with open(path, "w") as fh:
            for i, r in enumerate(recs, 1):
                r = OrderedDict([("id", f"{prefix}-{i:0{width}d}")] + list(r.items()))
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")

    write(OUT_BENIGN, main, "ben", 4)
    write(OUT_EXTRA, extra, "benx", 4)
    write(OUT_EXCLUDED, excluded, "exc", 3)
    validate()


def source_group(r):
    s = r["source"]
    if " info manual, " in s:
        return "GNU info manuals (Debian " + s.split("Debian package ", 1)[1].split()[0] + ")"
    if s.startswith("/usr/share/doc/"):
        return "docs in /usr/share/doc (Debian " + s.split("Debian package ", 1)[1].split()[0] + ")"
    if "Debian package" in s:
        return "man pages (Debian " + s.split("Debian package ", 1)[1].split()[0] + ")"
    return "README, " + s.split(", ", 1)[1].rsplit(" ", 1)[0]


def validate():
    files = {}
    all_cmds = {}
    for path in (OUT_BENIGN, OUT_EXTRA, OUT_EXCLUDED):
        ids = set()
        recs = []
        with open(path) as fh:
            for n, line in enumerate(fh, 1):
                try:
                    r = json.loads(line)
                except json.JSONDecodeError as e:
                    sys.exit(f"{path}:{n}: not JSON ({e})")
                for k in ("id", "command", "source", "tool", "label"):
                    if not isinstance(r.get(k), str) or not r[k]:
                        sys.exit(f"{path}:{n}: field {k} missing or empty")
                if r["id"] in ids:
                    sys.exit(f"{path}:{n}: duplicate id {r['id']}")
                if r["command"] in all_cmds:
                    sys.exit(f"{path}:{n}: command {r['command']!r} also in {all_cmds[r['command']]}")
                ids.add(r["id"])
                all_cmds[r["command"]] = f"{os.path.basename(path)}:{n}"
                recs.append(r)
        files[os.path.basename(path)] = recs
    ben, extra, exc = files["benign-commands.jsonl"], files["benign-extra.jsonl"], files["excluded.jsonl"]
    if shutil.which("bash"):
        for r in ben + extra + exc:
            p = subprocess.run(["bash", "-n", "-c", r["command"]], capture_output=True, text=True)
            if p.returncode != 0:
                sys.exit(f"{r['id']}: not valid bash syntax ({p.stderr.strip()}): {r['command']}")
    if any(r["label"] != "benign" for r in ben + extra) or any(r["label"] != "excluded" or not r.get("reason") for r in exc):
        sys.exit("a record carries the wrong label, or an exclusion has no reason")
    print(f"benign: {len(ben)}  benign-extra: {len(extra)}  excluded: {len(exc)}")
    print("benign per tool:", ", ".join(f"{t} {n}" for t, n in Counter(r["tool"] for r in ben).most_common()))
    print("benign per source:", ", ".join(f"{t} {n}" for t, n in Counter(source_group(r) for r in ben).most_common()))
    print("excluded per tool:", ", ".join(f"{t} {n}" for t, n in Counter(r["tool"] for r in exc).most_common()))
    print("excluded per category:", ", ".join(f"{t} {n}" for t, n in Counter(r.get("category") for r in exc).most_common()))


def main(argv):
    step = argv[1] if len(argv) > 1 else "all"
    if step == "fetch":
        fetch()
    elif step == "extract":
        extract()
    elif step == "build":
        build()
    elif step == "validate":
        validate()
    elif step == "show":
        show(argv[2] if len(argv) > 2 else ".")
    elif step == "all":
        fetch()
        extract()
        build()
    else:
        sys.exit(f"unknown step {step!r}; use fetch, extract, build, validate, show DOC or all")


if __name__ == "__main__":
    main(sys.argv)
