"""Held-out set 16 (`build.py --set heldout16`, 2026-12-06): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h15`. Used for evaluation only;
nothing of these repositories is committed. Labels come from `_label.label` with every switch of sets
13-15 (`outside-write`, `ONLY_COMMANDS`, `VOLUME_TOOLS`, `SHELL_WORDS`) and, new in this set,
`DESTROY_VERBS` (a destroying verb of a tool acting outside the working tree is `ask remote-destroy`;
`_label.remote_destroy`).

New kinds in this set (none of set 15's 26 CLIs is read again):

- **Command-line tools' own reference docs, both sides** (side `both`): object-storage, hosting and
  instance CLIs (MinIO's `mc`, Hetzner's `hcloud`, Scaleway's `scw`, Linode's `linode-cli`, Incus),
  container and cluster tools (Podman's manual pages, nerdctl, Tekton's `tkn`, k3d, Cluster API, KubeVirt,
  OpenFaaS, Terragrunt), database and backup tools (etcd's docs, WAL-G, Barman, DVC), and storage and disk
  docs (Rook's Ceph guides with their disk clean-up, disko's disk layouts). Extracted as set 15 (fenced,
  rST and AsciiDoc blocks; `$ `-prompted lines only when a block has any; usage synopses skipped; a line
  must start with a program, `_known_programs`, whose vocabulary now reads sets 1-15); an `allow` row that
  still holds a destroying verb the labeller does not decide is skipped (`_decided`, counted in
  MANIFEST.json as `dropped_destroy_verb_undecided`).
- **Dockerfile `RUN` lines** of official images (docker-library's golang, redis, mysql, php, ruby, mongo;
  nodejs/docker-node): each continued line of a `RUN` instruction is one line of a script (`_dockerfile_rows`).
- An HPC centre's user docs (ARCHER2), an embedded board CLI's docs (arduino-cli), a data-science
  framework's docs (Kedro), and the CLIs' own repositories as developer projects (`_devrepos16`, the main
  set's five extractors).

Every repository was searched (`git grep -Eil` of the off-limits names over HEAD, and its path names) before
use: no hit in any of them, so `SKIP` is empty. Sources, upstreams and licences: README.md, "Held-out set 16".
"""

import json
import os
import re
from collections import Counter, defaultdict

from _common import benign_row, blob_url, head, show, uses_outside_vars
from _h3 import command_like
from _h4 import filtered

import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos16 import available
from src_h7 import Spec, ls
import src_h15
from src_h15 import _DESTROY_WORD, _MODULES, _PROGRAM, _SYNOPSIS, _chain, _docs, _md_rows

SKIP = {}

# set 15's undecided destroying verbs, and the verbs `_label.remote_destroy` reads that set 15's list lacked
_DESTROY_WORD16 = re.compile(_DESTROY_WORD.pattern + r"|(?<=\s)(?:uninstall|nuke|unpublish|yank|expire)(?=$|[\s;&|)])")

# per source, counted before deduplication: allow rows skipped for an undecided destroying verb, and
# documentation lines whose first word is no program
_UNDECIDED = defaultdict(Counter)
# the same skipped rows by program word (after wrappers), to say why the labeller still leaves them
_UNDECIDED_PROGRAMS = defaultdict(Counter)


def _program_word(cmd):
    """The program word of `cmd`'s first segment holding a destroying verb (`_label._program`)."""
    from _label import _SEG, _program, _words
    for seg in _SEG.split(cmd):
        if _DESTROY_WORD16.search(seg):
            return _program(_words(seg))[1] or "?"
    return _program(_words(cmd))[1] or "?"


def _decided(source, rows):
    """`rows` without the `allow` rows holding a destroying verb the labeller leaves undecided
    (`_DESTROY_WORD16`; counted in `_UNDECIDED[source]`), as `src_h15._decided`."""
    from _label import strip_comments
    for r in rows:
        if (r["expect"] == "allow" and "command" in r and not _MODULES.match(r["command"])
                and _DESTROY_WORD16.search(strip_comments(r["command"]))):
            _UNDECIDED[source]["dropped_destroy_verb_undecided"] += 1
            _UNDECIDED_PROGRAMS[source][_program_word(r["command"])] += 1
            continue
        yield r


_VOCAB = None


def _vocab():
    """Program words that start at least 3 command rows of the main set and sets 2-15 as built."""
    global _VOCAB
    if _VOCAB is None:
        from src_h14 import _first_word
        c = Counter()
        for d in ["/work/data/shell"] + ["/work/data/shell-h%d" % n for n in range(2, 16)]:
            if not os.path.isdir(d):
                continue
            for name in sorted(os.listdir(d)):
                if name.endswith(".jsonl"):
                    with open(os.path.join(d, name)) as f:
                        for line in f:
                            cmd = json.loads(line).get("command")
                            w = _first_word(cmd) if cmd else None
                            if w:
                                c[w] += 1
        _VOCAB = {w for w, n in c.items() if n >= 3}
    return _VOCAB


def _known_programs(source, fn):
    """`src_h15._known_programs` with the vocabulary of sets 1-15 (`_vocab`); drops counted in
    `_UNDECIDED[source]["dropped_not_program"]`."""
    from src_h14 import _first_word

    def rows():
        got = list(fn())
        own = Counter(_first_word(r["command"]) for r in got if "command" in r)
        for r in got:
            if "command" not in r:
                yield r
                continue
            first = r["command"].split()[0] if r["command"].split() else ""
            w = _first_word(r["command"])
            if (first.startswith(("./", "/", "~/", "../")) and not first.startswith(("/dev/", "/proc/", "/sys/"))
                    and "#" not in r["command"]) or w in _vocab() or (w and _PROGRAM.match(w) and own[w] >= 3):
                yield r
            else:
                _UNDECIDED[source]["dropped_not_program"] += 1
    return rows


# --- Dockerfiles ----------------------------------------------------------------------------------------

_RUN = re.compile(r"^\s*RUN\s+(?!\[)(.*)$", re.I)
_INSTR = re.compile(r"^\s*[A-Z]+\s")


def _dockerfile_rows(source, repos, category):
    """Rows of shell-form `RUN` instructions of every `Dockerfile` of `repos` (Windows images skipped):
    each physical line of the instruction is a script line, its continuation backslash, a leading or
    trailing `&&`/`;` and `set -e…` lines dropped; lines reading variables (`ENV`, `ARG` or the script's
    own, set elsewhere) are skipped by `uses_outside_vars`."""
    def rows():
        for repo in repos:
            commit = head(repo)
            for path in ls(repo):
                if not path.endswith("Dockerfile") or "windows" in path.lower():
                    continue
                lines = show(repo, path).split("\n")
                i = 0
                while i < len(lines):
                    m = _RUN.match(lines[i])
                    if not m:
                        i += 1
                        continue
                    body = [(i + 1, m.group(1))]
                    while body[-1][1].rstrip().endswith("\\") and i + 1 < len(lines):
                        i += 1
                        body.append((i + 1, lines[i]))
                    i += 1
                    for n, t in body:
                        cmd = t.strip().rstrip("\\").strip()
                        cmd = re.sub(r"^(?:&&|;|\|\|)\s*", "", cmd)
                        cmd = re.sub(r"\s*(?:&&|;)$", "", cmd).strip()
                        if (not cmd or cmd.startswith("#") or re.match(r"^set\s+-", cmd) or _INSTR.match(cmd)
                                or uses_outside_vars(cmd) or not command_like(cmd) or _SYNOPSIS.search(cmd)):
                            continue
                        r = benign_row(source, cmd, blob_url(repo, commit, path, n), category)
                        if r:
                            yield r
    return lambda: filtered(rows())


DOCKER_LIBRARY = ["docker-library/golang", "docker-library/redis", "docker-library/mysql", "docker-library/php",
                  "docker-library/ruby", "docker-library/mongo", "nodejs/docker-node"]


def _both(source, repo, category="cli-docs", pred=None):
    return Spec(source, "both", [repo], _docs(source, [repo], category, pred=pred))


def _podman_pred(p):
    return p.startswith("docs/") or p.endswith(".md")


_ALL = [
    # CLIs' and operators' reference docs, both sides
    _both("h16-minio-docs", "minio/docs"),
    _both("h16-wal-g", "wal-g/wal-g", "backup-docs"),
    _both("h16-barman", "EnterpriseDB/barman", "backup-docs"),
    _both("h16-hcloud", "hetznercloud/cli"),
    _both("h16-scaleway-cli", "scaleway/scaleway-cli"),
    _both("h16-incus", "lxc/incus"),
    Spec("h16-podman", "both", ["containers/podman"],
         _chain(_md_rows("h16-podman", ["containers/podman"], "cli-docs", exts=(".md", ".md.in")),
                src_h15._rst_rows("h16-podman", ["containers/podman"], "cli-docs"))),
    _both("h16-nerdctl", "containerd/nerdctl"),
    _both("h16-tkn", "tektoncd/cli"),
    _both("h16-k3d", "k3d-io/k3d"),
    _both("h16-terragrunt", "gruntwork-io/terragrunt"),
    _both("h16-dvc-docs", "iterative/dvc.org"),
    _both("h16-etcd-docs", "etcd-io/website"),
    _both("h16-disko", "nix-community/disko", "disk-docs"),
    _both("h16-rook", "rook/rook", "disk-docs"),
    _both("h16-linode-cli", "linode/linode-cli"),
    _both("h16-kubevirt", "kubevirt/user-guide"),
    _both("h16-cluster-api", "kubernetes-sigs/cluster-api"),
    _both("h16-openfaas", "openfaas/docs"),
    # benign: HPC, embedded, data science, official images' Dockerfiles
    Spec("h16-archer2-docs", "benign", ["ARCHER2-HPC/archer2-docs"],
         _docs("h16-archer2-docs", ["ARCHER2-HPC/archer2-docs"], "hpc-guide")),
    Spec("h16-arduino-cli", "benign", ["arduino/arduino-cli"],
         _docs("h16-arduino-cli", ["arduino/arduino-cli"], "build-docs")),
    Spec("h16-kedro", "benign", ["kedro-org/kedro"], _docs("h16-kedro", ["kedro-org/kedro"], "guide")),
    Spec("h16-dockerfiles", "benign", DOCKER_LIBRARY, _dockerfile_rows("h16-dockerfiles", DOCKER_LIBRARY, "dockerfile-run")),
    # the CLIs' repositories as developer projects (main set's extractors)
    Spec("h16-gh-workflows", "benign", available(), lambda: filtered(src_workflows.rows(available(), "h16-gh-workflows"))),
    Spec("h16-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h16-package-scripts"))),
    Spec("h16-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h16-makefiles"))),
    Spec("h16-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h16-readme-commands"))),
    Spec("h16-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h16-project-scripts"))),
]

# Entry rule, decided before any hookward run on the set (as sets 14 and 15): a source enters with at least
# 5 rows expecting at least ask outside `outside-write`, or at least 20 `allow` rows. Extracted and left out
# on counts (dangerous outside outside-write / allow, on a trial build with every source in): h16-disko 0/18
# (its docs are Nix disk layouts; the one shell row is an outside-write), h16-package-scripts 0/2.
LEFT_OUT = {"h16-disko", "h16-package-scripts"}

# the sources not read from documentation pages: `_known_programs` does not apply
_NOT_DOCS = {"h16-dockerfiles", "h16-gh-workflows", "h16-package-scripts", "h16-makefiles", "h16-readme-commands",
             "h16-project-scripts"}


def _with_decided(spec):
    """`spec` with `_known_programs` (documentation sources) and `_decided` applied to its rows."""
    rows = spec.rows if spec.SOURCE in _NOT_DOCS else _known_programs(spec.SOURCE, spec.rows)
    return Spec(spec.SOURCE, spec.SIDE, spec.REPOS, lambda: _decided(spec.SOURCE, rows()))


SPECS = [_with_decided(spec) for spec in _ALL if spec.SOURCE not in LEFT_OUT]
