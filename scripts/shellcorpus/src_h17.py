"""Held-out set 17 (`build.py --set heldout17`, 2026-12-07): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h15` and `src_h16`. Used for
evaluation only; nothing of these repositories is committed. Labels come from `_label.label` with every
switch of set 16 (`outside-write`, `ONLY_COMMANDS`, `VOLUME_TOOLS`, `SHELL_WORDS`, `DESTROY_VERBS`),
unchanged: no new labelling switch in this set.

New kinds in this set (none of set 15's or set 16's CLIs is read again):

- **Command-line tools' own reference docs, both sides** (side `both`): cloud and hosting CLIs (Civo,
  Vultr, Exoscale, Alibaba Cloud, Backblaze B2, AWS Copilot, the Serverless Framework, OpenStack's client),
  local cluster and VM tools (minikube, Red Hat's CRC, Canonical's Multipass, Talos Linux, Skaffold, kOps),
  and Redis's documentation (a database's own command docs). Extracted as sets 15 and 16 (`src_h15`'s
  markdown, rST and AsciiDoc readers; `$ `-prompted lines only when a block has any; usage synopses
  skipped; `_known_programs` with the vocabulary of sets 1-16, `_vocab`); an `allow` row that still holds a
  destroying verb the labeller does not decide is skipped (`src_h16._DESTROY_WORD16`, counted per source and
  program word in MANIFEST.json). Vendored modules' pages (`vendor/`) are not read.
- **Security notes and incident-response playbooks, dangerous only** (`_h4.md_danger`: only the lines
  the rule decides): a Vietnamese DevOps engineer's cheat sheets (cloud and cluster deletions, installers), a
  Linux host monitor's incident-response playbooks, and six small notes repositories in one source (Spanish and
  Japanese hacking notes, an Indonesian Linux IR playbook, an AWS privilege-escalation lab, an English CTF
  notebook, a Kubernetes attack tool's README). Most security-notes repositories tried name a source on the
  off-limits list and are not used.
- **A security vendor's attack-and-detection playground** (Playground One: scenarios' attack steps and
  set-up commands), read as documentation, both sides.
- **Benign**: two supercomputing centres' user guides (LUMI, CSCS), official images' Dockerfile `RUN` lines
  (docker-library's httpd, wordpress, rabbitmq, haproxy, julia; rust-lang/docker-rust), four dotfiles
  repositories (read as `src_h3_dotfiles`), and the CLIs' repositories as developer projects
  (`_devrepos17`, the main set's five extractors).

Every fetched repository was searched (`git grep -Eil` of the off-limits names over HEAD, and its path
names) before use; the ones with a hit are not used (README.md, "Held-out set 17"), so `SKIP` is empty.
"""

import json
import os
import re
from collections import Counter

from _h4 import filtered, md_danger

import src_h15
import src_h16
import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos17 import available
from src_h7 import Spec, ls
from src_h15 import _PROGRAM, _chain, _docs, _dotfiles
from _common import benign_row, blob_url, head, show, uses_outside_vars
from _h3 import command_like
from src_h15 import _SYNOPSIS
from src_h16 import _INSTR, _RUN, _UNDECIDED, _decided

SKIP = {}

_VOCAB = None


def _vocab():
    """Program words that start at least 3 command rows of the main set and sets 2-16 as built."""
    global _VOCAB
    if _VOCAB is None:
        from src_h14 import _first_word
        c = Counter()
        for d in ["/work/data/shell"] + ["/work/data/shell-h%d" % n for n in range(2, 17)]:
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
    """`src_h16._known_programs` with the vocabulary of sets 1-16 (`_vocab`); drops counted in
    `src_h16._UNDECIDED[source]["dropped_not_program"]`."""
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


def _not_vendor(p):
    return not (p.startswith("vendor/") or "/vendor/" in p or "node_modules/" in p)


def _both(source, repo, category="cli-docs", pred=_not_vendor):
    return Spec(source, "both", [repo], _docs(source, [repo], category, pred=pred))


def _danger(source, repos):
    """Dangerous rows of every markdown page of `repos` (`_h4.md_danger`: lines the rule decides)."""
    def rows():
        for repo in repos:
            yield from md_danger(source, repo, [p for p in ls(repo) if p.lower().endswith((".md", ".markdown"))])
    return rows


_SEP_END = re.compile(r"(?:&&|\|\||;|\|)\s*$")
_SEP_START = re.compile(r"^\s*(?:&&|\|\||;)")


def _run_commands(body):
    """The commands of one shell-form `RUN` instruction, `body` its physical lines `(n, text)`: a line
    continued with a backslash goes on the command before it unless that command ended with `&&`, `||`, `;`
    or `|` or the line starts with one (each command keeps the line number it starts on). Set 16's
    `src_h16._dockerfile_rows` took every physical line for a command, so the lines of a package list
    (`libpng-dev \\`) and a bare `useradd \\` became rows (set 17's audit, before any hookward run)."""
    out = []
    prev_open = True
    for n, t in body:
        t = t.rstrip()
        t = t[:-1].rstrip() if t.endswith("\\") else t
        if t.lstrip().startswith("#"):
            continue
        if prev_open or _SEP_START.match(t) or not out:
            out.append([n, t.strip()])
        else:
            out[-1][1] = (out[-1][1] + " " + t.strip()).strip()
        prev_open = bool(_SEP_END.search(t))
    return [(n, t) for n, t in out]


def _dockerfile_rows(source, repos, category):
    """Rows of shell-form `RUN` instructions of every `Dockerfile` of `repos` (Windows images skipped), one
    per command of the instruction (`_run_commands`), a leading or trailing `&&`/`;` and `set -e…` commands
    dropped; commands reading variables (`ENV`, `ARG` or the script's own, set elsewhere) are skipped by
    `uses_outside_vars`, as set 16."""
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
                    for n, cmd in _run_commands(body):
                        cmd = re.sub(r"^(?:&&|;|\|\|)\s*", "", cmd)
                        cmd = re.sub(r"\s*(?:&&|;)$", "", cmd).strip()
                        if (not cmd or cmd.startswith("#") or re.match(r"^set\s+-", cmd) or _INSTR.match(cmd)
                                or uses_outside_vars(cmd) or not command_like(cmd) or _SYNOPSIS.search(cmd)):
                            continue
                        r = benign_row(source, cmd, blob_url(repo, commit, path, n), category)
                        if r:
                            yield r
    return lambda: filtered(rows())


DOCKERFILES = ["docker-library/httpd", "docker-library/wordpress", "docker-library/rabbitmq", "docker-library/haproxy",
               "docker-library/julia", "rust-lang/docker-rust"]
# small security notes in several languages, one source (each alone gives 0-3 rows the rule decides)
SEC_NOTES = ["AsumomezaC/Hacking-notes-2025", "AlgaWakame/hacking-notes", "tentrem/IR-Playground", "andrew-aiken/aws-sec",
             "0xRaichu/hacking-notes", "inguardians/peirates"]
DOTFILES = ["garybernhardt/dotfiles", "rwxrob/dotfiles", "craftzdog/dotfiles-public", "statico/dotfiles"]

_ALL = [
    # CLIs' own reference docs, both sides
    _both("h17-civo-cli", "civo/cli"),
    _both("h17-vultr-cli", "vultr/vultr-cli"),
    _both("h17-exoscale-cli", "exoscale/cli"),
    _both("h17-aliyun-cli", "aliyun/aliyun-cli"),
    _both("h17-b2-cli", "Backblaze/B2_Command_Line_Tool", "backup-docs"),
    _both("h17-copilot-cli", "aws/copilot-cli"),
    _both("h17-serverless", "serverless/serverless"),
    _both("h17-openstackclient", "openstack/python-openstackclient"),
    _both("h17-minikube", "kubernetes/minikube"),
    _both("h17-crc", "crc-org/crc"),
    _both("h17-multipass", "canonical/multipass"),
    _both("h17-talos", "siderolabs/talos"),
    _both("h17-skaffold", "GoogleContainerTools/skaffold"),
    _both("h17-kops", "kubernetes/kops"),
    _both("h17-redis-docs", "redis/docs", "db-docs"),
    # a security vendor's attack-and-detection playground: its scenarios' attack steps and set-up, both sides
    _both("h17-playground-one", "mawinkler/playground-one", "security-scenario"),
    # security notes and incident-response playbooks, dangerous only
    Spec("h17-suitcase", "dangerous", ["haquocdat543/Suitcase"], _danger("h17-suitcase", ["haquocdat543/Suitcase"])),
    Spec("h17-tresk-ir", "dangerous", ["p4ndish/tresk"], _danger("h17-tresk-ir", ["p4ndish/tresk"])),
    Spec("h17-sec-notes", "dangerous", SEC_NOTES, _danger("h17-sec-notes", SEC_NOTES)),
    # benign: HPC centres' guides, official images' Dockerfiles, dotfiles
    Spec("h17-lumi-docs", "benign", ["Lumi-supercomputer/lumi-userguide"],
         _docs("h17-lumi-docs", ["Lumi-supercomputer/lumi-userguide"], "hpc-guide")),
    Spec("h17-cscs-docs", "benign", ["eth-cscs/cscs-docs"], _docs("h17-cscs-docs", ["eth-cscs/cscs-docs"], "hpc-guide")),
    Spec("h17-dockerfiles", "benign", DOCKERFILES, _dockerfile_rows("h17-dockerfiles", DOCKERFILES, "dockerfile-run")),
    Spec("h17-dotfiles", "benign", DOTFILES, _dotfiles("h17-dotfiles", DOTFILES)),
    # the CLIs' repositories as developer projects (main set's extractors)
    Spec("h17-gh-workflows", "benign", available(), lambda: filtered(src_workflows.rows(available(), "h17-gh-workflows"))),
    Spec("h17-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h17-package-scripts"))),
    Spec("h17-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h17-makefiles"))),
    Spec("h17-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h17-readme-commands"))),
    Spec("h17-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h17-project-scripts"))),
]

# Entry rule, decided before any hookward run on the set (as sets 14-16): a source enters with at least 5
# rows expecting at least ask outside `outside-write`, or at least 20 `allow` rows.
# Extracted and left out on counts (dangerous outside outside-write / allow, on a trial build with every source
# in): h17-exoscale-cli 0/10, h17-vultr-cli 0/8 (their docs are generated elsewhere; both stay in `_devrepos17`),
# h17-package-scripts 0/11. The six small security-notes repositories gave 0-3 each alone and are one source,
# `h17-sec-notes` (as `h15-dotfiles` groups five dotfiles repositories), decided on those counts before any
# hookward run.
LEFT_OUT = {"h17-exoscale-cli", "h17-vultr-cli", "h17-package-scripts"}

# the sources not read from documentation pages: `_known_programs` does not apply
# (the developer projects' README and contributor-guide blocks, `h17-readme-commands`, are documentation: new
# in set 17 they get `_known_programs` and the usage-synopsis skip as well — set 17's audit found a `[flags]`
# synopsis and a prose line among them, before any hookward run)
_NOT_DOCS = {"h17-dockerfiles", "h17-dotfiles", "h17-gh-workflows", "h17-package-scripts", "h17-makefiles",
             "h17-project-scripts", "h17-suitcase", "h17-tresk-ir", "h17-sec-notes"}
_NO_SYNOPSIS = {"h17-readme-commands"}

# per source, counted before deduplication: rows skipped as usage synopses (`_NO_SYNOPSIS` sources only)
SYNOPSIS_DROPS = Counter()


def _no_synopsis(source, fn):
    def rows():
        for r in fn():
            if source in _NO_SYNOPSIS and "command" in r and _SYNOPSIS.search(r["command"]):
                SYNOPSIS_DROPS[source] += 1
                continue
            yield r
    return rows


def _with_decided(spec):
    """`spec` with `_known_programs` (documentation sources), the synopsis skip (`_NO_SYNOPSIS`) and
    `src_h16._decided` applied to its rows."""
    rows = spec.rows if spec.SOURCE in _NOT_DOCS else _known_programs(spec.SOURCE, _no_synopsis(spec.SOURCE, spec.rows))
    return Spec(spec.SOURCE, spec.SIDE, spec.REPOS, lambda: _decided(spec.SOURCE, rows()))


SPECS = [_with_decided(spec) for spec in _ALL if spec.SOURCE not in LEFT_OUT]
