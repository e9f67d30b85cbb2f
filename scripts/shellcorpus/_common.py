"""Helpers shared by the extractors: reading `fetch` mirrors, a small YAML subset, markdown
code blocks, shell-line joining, placeholder filling, and the row format.

A row: {"source", "id", "command" | ("tool", "input"), "expect", "category", "upstream"}.
"""

import hashlib
import json
import os
import re
import subprocess

MIRRORS = os.environ.get("SHELLCORPUS_MIRRORS", "/work/.mirror")


def git_dir(repo):
    """The git directory of a mirror: `repo/` (bare) or, for a mirror checked out, `repo/.git`."""
    d = os.path.join(MIRRORS, repo.replace("/", "+"), "repo")
    return os.path.join(d, ".git") if os.path.isdir(os.path.join(d, ".git")) else d


def head(repo):
    return subprocess.run(
        ["git", "--git-dir", git_dir(repo), "rev-parse", "HEAD"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()


def ls(repo, under=""):
    args = ["git", "--git-dir", git_dir(repo), "ls-tree", "-r", "--name-only", "HEAD"]
    if under:
        args.append(under)
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return [p for p in out.split("\n") if p]


def show(repo, path):
    out = subprocess.run(
        ["git", "--git-dir", git_dir(repo), "show", "HEAD:" + path],
        capture_output=True, check=True,
    ).stdout
    return out.decode("utf-8", "replace")


def blob_url(repo, commit, path, line=None):
    u = "https://github.com/%s/blob/%s/%s" % (repo, commit, path.replace(" ", "%20"))
    return u + ("#L%d" % line if line else "")


# --- YAML subset (block mappings/sequences, block and quoted scalars) ----------------------

def _scalar(s):
    s = s.strip()
    if not s:
        return None
    if s[0] in "'\"" and s[-1] == s[0] and len(s) >= 2:
        body = s[1:-1]
        return body.replace("''", "'") if s[0] == "'" else bytes(body, "utf-8").decode("unicode_escape", "replace")
    if " #" in s:
        s = s.split(" #", 1)[0].rstrip()
    return s


def yaml_load(text):
    lines = text.replace("\t", "    ").split("\n")
    pos = [0]

    def indent(line):
        return len(line) - len(line.lstrip(" "))

    def skip():
        while pos[0] < len(lines) and (not lines[pos[0]].strip() or lines[pos[0]].lstrip().startswith("#")):
            pos[0] += 1

    def block_scalar(ind, style):
        out = []
        while pos[0] < len(lines):
            line = lines[pos[0]]
            if line.strip() and indent(line) <= ind:
                break
            out.append(line)
            pos[0] += 1
        body = [l for l in out]
        while body and not body[-1].strip():
            body.pop()
        strip = min((indent(l) for l in body if l.strip()), default=0)
        body = [l[strip:] for l in body]
        if style.startswith(">"):
            return " ".join(l.strip() for l in body if l.strip())
        return "\n".join(body) + ("" if "-" in style else "\n")

    def value_after(rest, ind):
        rest = rest.strip()
        if rest.startswith("|") or rest.startswith(">"):
            pos[0] += 1
            return block_scalar(ind, rest)
        if rest and not rest.startswith("#"):
            pos[0] += 1
            return _scalar(rest)
        pos[0] += 1
        skip()
        if pos[0] < len(lines) and (indent(lines[pos[0]]) > ind or (indent(lines[pos[0]]) == ind and lines[pos[0]].lstrip().startswith("- "))):
            return node(indent(lines[pos[0]]))
        return None

    def node(ind):
        skip()
        if pos[0] >= len(lines):
            return None
        if lines[pos[0]].lstrip().startswith("- ") or lines[pos[0]].strip() == "-":
            seq = []
            while True:
                skip()
                if pos[0] >= len(lines):
                    break
                line = lines[pos[0]]
                if indent(line) != ind or not (line.lstrip().startswith("- ") or line.strip() == "-"):
                    break
                rest = line.lstrip()[2:] if line.strip() != "-" else ""
                inner = ind + 2
                m = re.match(r"^([^'\"\s][^:]*?|'[^']*'|\"[^\"]*\"):(?:\s+|$)(.*)$", rest)
                if m and not rest.startswith("{"):
                    lines[pos[0]] = " " * inner + rest
                    seq.append(node(inner))
                else:
                    if rest.strip().startswith("|") or rest.strip().startswith(">"):
                        pos[0] += 1
                        seq.append(block_scalar(ind, rest.strip()))
                    else:
                        pos[0] += 1
                        seq.append(_scalar(rest))
            return seq
        mp = {}
        while True:
            skip()
            if pos[0] >= len(lines):
                break
            line = lines[pos[0]]
            if indent(line) != ind or line.lstrip().startswith("- "):
                break
            m = re.match(r"^\s*([^'\"\s][^:]*?|'[^']*'|\"[^\"]*\"):(?:\s+|$)(.*)$", line)
            if not m:
                pos[0] += 1
                continue
            mp[_scalar(m.group(1))] = value_after(m.group(2), ind)
        return mp

    return node(0)


# --- markdown / shell text ------------------------------------------------------------------

FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w+-]*)")
SHELL_LANGS = {"", "sh", "bash", "shell", "console", "zsh", "shell-session", "shellsession", "terminal", "text"}


def code_blocks(md):
    """(start line, language, [lines]) of every fenced block."""
    out = []
    lines = md.split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            fence, lang = m.group(1), m.group(2).lower()
            start = i + 2
            body = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(fence[:3]):
                body.append(lines[i])
                i += 1
            out.append((start, lang, body))
        i += 1
    return out


def logical_lines(body, start=1):
    """Joins backslash continuations; yields (line number, text), comments and blanks dropped."""
    buf, first = [], None
    for n, raw in enumerate(body, start):
        line = raw.rstrip()
        if first is None:
            first = n
        if line.endswith("\\") and not line.endswith("\\\\"):
            buf.append(line[:-1].rstrip() + " ")
            continue
        buf.append(line)
        text = "".join(buf).strip()
        buf, f = [], first
        first = None
        if text and not text.startswith("#"):
            yield f, text


def outside_strings(lines):
    """The (n, line) pairs that begin and end outside a quoted string spanning lines; lines inside
    such a string (or opening/closing it) are dropped."""
    inside = None
    for n, line in lines:
        q = inside
        i = 0
        while i < len(line):
            c = line[i]
            if c == "\\" and q != "'":
                i += 2
                continue
            if q is None and c == "#" and (i == 0 or line[i - 1] in " \t"):
                break
            if q is None and c in "'\"":
                q = c
            elif q == c:
                q = None
            i += 1
        if inside is None and q is None:
            yield n, line
        inside = q


def strip_prompt(line):
    m = re.match(r"^(?:\$>?|#|%|❯|>|\w+@[\w.-]+:[^$#]*[$#]|\[\w+@[^\]]+\][$#]|root@\S+[#$]|kali@\S+[#$])\s+(.*)$", line)
    return m.group(1) if m else None


FILL = {
    "path/to/file": "notes.txt", "path/to/directory": "build", "path/to/folder": "build",
    "file": "notes.txt", "filename": "notes.txt", "directory": "build", "dir": "build",
    "url": "https://example.com", "host": "example.com", "hostname": "example.com",
    "port": "8080", "user": "alice", "username": "alice", "password": "hunter2",
    "package": "requests", "package_name": "requests", "branch": "feature-x", "branch_name": "feature-x",
    "commit": "HEAD~1", "tag": "v1.2.0", "remote": "origin", "name": "demo", "pattern": "TODO",
    "search_pattern": "TODO", "string": "hello", "text": "hello", "command": "ls", "pid": "4242",
    "ip": "10.0.0.5", "ip_address": "10.0.0.5", "image": "alpine:3.20", "container": "web",
    "number": "3", "count": "3", "key": "color", "value": "blue", "version": "1.2.0",
    "device": "/dev/sdb", "partition": "/dev/sdb1", "interface": "eth0", "repository": "myrepo",
    "LHOST": "10.0.0.1", "LPORT": "4242", "RHOST": "10.0.0.5", "RPORT": "4242", "IP": "10.0.0.1",
    "PORT": "4242", "ATTACKER_IP": "10.0.0.1", "ATTACKER": "10.0.0.1",
}


def fill_tldr(cmd):
    """Replaces tldr `{{placeholders}}` by plausible values."""
    def rep(m):
        inner = m.group(1)
        if "|" in inner and (inner.startswith("[") or inner.startswith("-")):
            inner = inner.strip("[]").split("|")[-1]
        if inner.startswith("/dev/"):
            return re.sub(r"[XY]+$", lambda d: "b1" if len(d.group(0)) > 1 else "b", inner).replace("X", "b")
        key = inner.strip().lower().replace(" ", "_")
        if key in FILL:
            return FILL[key]
        if key.startswith("path/to/") or key.startswith("/path/to/"):
            tail = key.rsplit("/", 1)[-1]
            if tail.endswith("_file") or tail == "file":
                return "notes.txt"
            if "." in tail:
                return tail.split("_")[-1] if "_" in tail else tail
            return tail.replace("_directory", "").replace("_", "-") or "build"
        if key.startswith("-"):
            return inner
        return re.sub(r"[^A-Za-z0-9._/:=@~-]", "_", inner)
    return re.sub(r"\{\{(.*?)\}\}", rep, cmd)


def row_id(source, text):
    return source + "-" + hashlib.sha1(text.encode()).hexdigest()[:10]


def write(path, rows):
    seen = set()
    n = 0
    with open(path, "w") as f:
        for r in rows:
            key = r.get("command") or json.dumps(r.get("input"), sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
            n += 1
    return n


_ANGLE = re.compile(r"<([A-Za-z][A-Za-z0-9_ .:/-]{0,40})>|\[([A-Z][A-Z0-9_ ]{1,30})\]|\{(ip|port|shell|IP|PORT|lhost|lport)\}")


def fill_angle(cmd):
    """Instantiates `<ip>`, `[LHOST]`, `{port}`-style placeholders with plausible values."""
    def rep(m):
        name = (m.group(1) or m.group(2) or m.group(3)).strip().lower().replace(" ", "_").replace("-", "_")
        if any(k in name for k in ("port",)):
            return "4242"
        if any(k in name for k in ("ip", "host", "attacker", "target", "server", "domain", "dc")):
            return "10.0.0.1"
        if name == "shell":
            return "/bin/bash"
        if "user" in name:
            return "alice"
        if "pass" in name:
            return "hunter2"
        if "url" in name:
            return "http://10.0.0.1/x.sh"
        if any(k in name for k in ("file", "path", "dir", "script", "payload", "binary")):
            return "/tmp/payload"
        return "x"
    cmd = _ANGLE.sub(rep, cmd)
    for k in ("LHOST", "ATTACKER_IP", "ATTACKER-IP", "ATTACKERIP", "YOUR_IP", "RHOST"):
        cmd = re.sub(r"(?<![\w$])%s\b(?!=)" % k, "10.0.0.1", cmd)
    for k in ("LPORT", "RPORT", "YOUR_PORT"):
        cmd = re.sub(r"(?<![\w$])%s\b(?!=)" % k, "4242", cmd)
    return cmd


_NOT_CMD = re.compile(r"^[{\[\"]|^[A-Z][a-z]+[A-Z]\w*=|(?i:^(?:#include|<\?php|package\s|using\s|import\s+java|\w+=[#>]|select\s|insert\s|update\s|copy\s))|^[A-Za-z_][\w.]*\s+=\s")


def commands_only(source, cmd, counted=True):
    """Held-out set 11 on (`_label.ONLY_COMMANDS`): `cmd` as a shell command line (`_iscmd`), or
    None when it is not one (then counted in `_iscmd.DROPPED[source]` by reason when `counted`).
    Off: `cmd` unchanged."""
    import _label
    if not _label.ONLY_COMMANDS:
        return cmd
    from _iscmd import DROPPED, command_text
    text, why = command_text(cmd)
    if why and counted:
        DROPPED[source][why] += 1
    return text


def danger_row(source, cmd, upstream, extra_category=None):
    """A row for a command from a dangerous source, or None when its label is unclear (or, set 11
    on, when it is not a shell command line: `commands_only`)."""
    from _label import is_windows, label
    if is_windows(cmd) or len(cmd) > 4000 or _NOT_CMD.search(cmd.strip()):
        return None
    lab = label(cmd)
    if not lab:
        return None
    kept = commands_only(source, cmd)
    if kept is None:
        return None
    if kept != cmd:
        cmd, lab = kept, label(kept)
        if not lab:
            return None
    return {"source": source, "id": row_id(source, cmd), "command": cmd, "expect": lab[0],
            "category": lab[1], "upstream": upstream}


_NOT_SHELL = re.compile(
    r"""^(?:["'{}\[\]),]|and\b|or\b|not\b|f["']|return\b|import\b|from\s+\S+\s+import|def\s|const\s|let\s|var\s|//)"""
    r"|^(?:\*|\|\s|await\s|if\s*\(|[a-z_]+\()|console\.log\(|\.push\(|^[^\s()]+\)$"
    r"|[,{(\[]$|^[A-Za-z_][\w.\[\]\"']*\s+=\s|^\S+$(?<=[*?\]])|\$APPDATA|\bGITHUB_(?:OUTPUT|ENV|PATH|STEP_SUMMARY)\b|\$RUNNER_TEMP"
)


_KNOWN_VARS = {"HOME", "PWD", "PATH", "USER", "SHELL", "TMPDIR", "LANG", "EDITOR"}


def uses_outside_vars(cmd):
    """True when a command line reads a variable that neither the environment of a developer's
    shell nor the line itself sets (it depends on lines around it)."""
    used = set(re.findall(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)", cmd))
    set_here = set(re.findall(r"(?:^|[\s;&|(])(?:export\s+|local\s+)?([A-Za-z_][A-Za-z0-9_]*)=", cmd))
    set_here |= set(re.findall(r"\bfor\s+([A-Za-z_]\w*)\s+in\b|\bread\s+(?:-\S+\s+)*([A-Za-z_]\w*)", cmd) and
                    [x for t in re.findall(r"\bfor\s+([A-Za-z_]\w*)\s+in\b|\bread\s+(?:-\S+\s+)*([A-Za-z_]\w*)", cmd) for x in t if x])
    return bool(used - _KNOWN_VARS - set_here)


def benign_row(source, cmd, upstream, category):
    """A row for a command from a benign source: dangerous by content → labelled so; unclear or
    with a placeholder left → None; otherwise allow. Set 11 on: a line that is not a shell command
    line is None (`commands_only`)."""
    from _label import has_placeholder, is_windows, label, unclear
    cmd = cmd.strip()
    if not cmd or is_windows(cmd) or len(cmd) > 4000 or _NOT_SHELL.search(cmd):
        return None
    if not label(cmd) and (unclear(cmd) or has_placeholder(cmd)):
        return None
    cmd = commands_only(source, cmd)
    if cmd is None:
        return None
    lab = label(cmd)
    if lab:
        return {"source": source, "id": row_id(source, cmd), "command": cmd, "expect": lab[0],
                "category": lab[1], "upstream": upstream}
    if unclear(cmd) or has_placeholder(cmd):
        return None
    return {"source": source, "id": row_id(source, cmd), "command": cmd, "expect": "allow",
            "category": category, "upstream": upstream}
