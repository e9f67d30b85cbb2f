"""Held-out set 18 (`build.py --set heldout18`, 2026-12-07): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h15` … `src_h17`. Used for evaluation
only; nothing of these repositories is committed. Labels come from `_label.label` with every switch of
set 16 (`outside-write`, `ONLY_COMMANDS`, `VOLUME_TOOLS`, `SHELL_WORDS`, `DESTROY_VERBS`), unchanged: no
new labelling switch in this set.

New kinds in this set (none of sets 1-17's repositories is read again):

- **Tools' own reference docs, both sides** (side `both`): an app platform (Dokku: `apps:destroy`-style
  topic verbs), a container and VM manager (LXD), an infrastructure-as-code tool (OpenTofu), a serverless
  database's CLI (`neonctl`), a Kubernetes distribution (k0s), a distributed file system (JuiceFS), a messaging
  system's docs (NATS: `nats stream rm`, `nats kv del`); Oracle's `oci` (rST) was tried and left out on counts.
  Extracted as sets 15-17 (`src_h15`'s markdown, rST and AsciiDoc readers; `$ `-prompted lines only when a
  block has any; usage synopses skipped; `_known_programs` with the vocabulary of sets 1-17, `_vocab`); an
  `allow` row still holding a destroying verb the labeller does not decide is skipped (`src_h16._decided`).
  Vendored modules' pages are not read.
- **A sysadmin interview-question book** (test-your-sysadmin-skills: questions and answers with commands),
  read as documentation, both sides.
- **Engineers' notes, runbooks and course material, both sides**: a Taiwanese DevOps engineer's snippets, a
  sysadmin's notes, a container course's slides, three infrastructure repositories' runbooks (teardown and
  destroy guides among them) and a Kubernetes course's notes, read as documentation.
- **Incident-response and security notes, dangerous only** (`_h4.md_danger`: only the lines the rule
  decides): a blue-team competition's Linux incident-response cheat sheet, small security-notes
  repositories as one source, and incident notes committed in three application repositories (a
  cryptominer found on the project's server, its clean-up, the hardening after it) as one source.
- **Benign**: an HPC centre's user guide (CSC, Finland), official images' Dockerfile `RUN` commands
  (docker-library's ghost, drupal, memcached, tomcat, cassandra; read as `src_h17._dockerfile_rows`), dotfiles
  (read as `src_h3_dotfiles`), and the tools' repositories as developer projects (`_devrepos18`, the main set's
  extractors; package scripts and READMEs left out on counts).

Extraction changes of this set (after the first and a supplementary audit sample, before any hookward run;
`test_src_h18.py`): a Windows workflow job's `run:` is PowerShell (`_runs18`); fenced blocks whose shebang names
another interpreter, a script's multi-line arrays, keyword and rebase-todo fragments, lone compound-command headers
and bracketed-word-group synopses give no rows (`_shell_blocks_only`); a `user@host $ ` prompt is a prompt
(`_host_prompts`).

Every fetched repository was searched (`git grep -Eil` of the off-limits names over HEAD, and its path
names) before use; the ones with a hit are not used (README.md, "Held-out set 18"), so `SKIP` is empty.
"""

import json
import os
import re
from collections import Counter

from _h4 import filtered, md_danger

import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos18 import available
from src_h7 import Spec, ls
from src_h15 import _PROGRAM, _SYNOPSIS, _docs, _dotfiles
from src_h16 import _UNDECIDED, _decided
from src_h17 import _dockerfile_rows
from _common import code_blocks, show
from _common import strip_prompt as _common_strip_prompt
import src_h15

SKIP = {}

_VOCAB = None


def _vocab():
    """Program words that start at least 3 command rows of the main set and sets 2-17 as built."""
    global _VOCAB
    if _VOCAB is None:
        from src_h14 import _first_word
        c = Counter()
        for d in ["/work/data/shell"] + ["/work/data/shell-h%d" % n for n in range(2, 18)]:
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
    """`src_h17._known_programs` with the vocabulary of sets 1-17 (`_vocab`); drops counted in
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


# --- extraction changes of set 18 (after the first audit sample, before any hookward run) -----------------

def _job_shell(job, wf_shell):
    """The default shell of a workflow job: its `defaults.run.shell`, else the workflow's, else `pwsh` on a
    Windows runner (GitHub's default there) and `bash` elsewhere."""
    d = job.get("defaults") if isinstance(job, dict) else None
    sh = d.get("run", {}).get("shell") if isinstance(d, dict) and isinstance(d.get("run"), dict) else None
    if sh or wf_shell:
        return str(sh or wf_shell)
    return "pwsh" if "windows" in str(job.get("runs-on", "")).lower() else "bash"


def _runs18(node, shell="bash"):
    """`src_workflows._runs` with each step's default shell taken from its job (`_job_shell`): a `run:` of a
    job on a Windows runner without `shell:` is PowerShell, not a shell command (set 18's first audit: a
    `throw` line of a Windows job was a row)."""
    if isinstance(node, dict):
        if "jobs" in node and isinstance(node["jobs"], dict):
            d = node.get("defaults")
            wf = d.get("run", {}).get("shell") if isinstance(d, dict) and isinstance(d.get("run"), dict) else None
            for job in node["jobs"].values():
                if isinstance(job, dict):
                    yield from _runs18(job.get("steps"), _job_shell(job, wf))
            return
        step_shell = str(node.get("shell") or shell)
        for k, v in node.items():
            if k == "run" and isinstance(v, str):
                if step_shell.split()[0] in ("bash", "sh"):
                    yield v
            else:
                yield from _runs18(v, shell)
    elif isinstance(node, list):
        for v in node:
            yield from _runs18(v, shell)


def _workflow_rows(repos, source):
    """`src_workflows.rows` read with `_runs18` in place of `src_workflows._runs` (restored afterwards)."""
    saved = src_workflows._runs
    src_workflows._runs = _runs18
    try:
        yield from src_workflows.rows(repos, source)
    finally:
        src_workflows._runs = saved


def _shebang_program(line):
    """The interpreter a shebang line names (`#!/usr/bin/env -S python3 -u` → `python3`), or None."""
    if not line.startswith("#!"):
        return None
    words = line[2:].split()
    if words and words[0].rsplit("/", 1)[-1] == "env":
        words = [w for w in words[1:] if not w.startswith("-")]
    return words[0].rsplit("/", 1)[-1] if words else None


_SHELLS = {"sh", "bash", "zsh", "dash", "ksh", "ash", "busybox"}
_OTHER_BLOCKS = {}


def _other_language_lines(repo, path):
    """Line numbers of the fenced blocks of a markdown page whose first line is a shebang naming another
    interpreter (`#!/usr/bin/expect`, `#!/usr/bin/env python3`): their lines are no shell commands (set 18's
    first audit: an `expect` script's `set timeout 30` in an unlabelled block was a row)."""
    key = (repo, path)
    if key not in _OTHER_BLOCKS:
        out = set()
        if path.lower().endswith((".md", ".mdx", ".markerb", ".markdown")):
            for start, _lang, body in code_blocks(show(repo, path)):
                first = next((b.strip() for b in body if b.strip()), "")
                prog = _shebang_program(first)
                if prog and prog not in _SHELLS:
                    out.update(range(start, start + len(body)))
        _OTHER_BLOCKS[key] = out
    return _OTHER_BLOCKS[key]


_ARRAY_OPEN = re.compile(r"^\s*(?:local\s+|readonly\s+|declare\s+(?:-\w+\s+)*)?[A-Za-z_]\w*\+?=\(\s*(?:#.*)?$")
_ARRAYS = {}


def _array_lines(repo, path):
    """Line numbers inside the multi-line array assignments of a script (`words=(` … `)`): their lines are
    array elements, no commands (set 18's supplementary audit: the element `various` of a dotfiles script's
    word list was a row)."""
    key = (repo, path)
    if key not in _ARRAYS:
        out = set()
        if not path.lower().endswith((".md", ".mdx", ".markerb", ".markdown", ".rst", ".adoc")):
            inside = False
            for n, line in enumerate(show(repo, path).split("\n"), 1):
                if inside:
                    if line.strip().startswith(")"):
                        inside = False
                    else:
                        out.add(n)
                elif _ARRAY_OPEN.match(line):
                    inside = True
        _ARRAYS[key] = out
    return _ARRAYS[key]


# a shell keyword closing a construct, alone with an optional `;` (`fi ;`, `done;`), or a line of a `git rebase`
# todo list (`pick 1a2b3c4 message`): fragments, no commands (set 18's supplementary audit)
_FRAGMENT18 = re.compile(r"^(?:(?:fi|done|esac|then|else|do|\}|\)|;;)\s*;?|(?:pick|squash|fixup|reword|edit|drop)\s+[0-9a-f]{7,40}(?:\s.*)?)$")
# a compound command's header alone on a one-line row, its body on other lines (`for f in $(ls)`, `while read l`, `if [ -f x ]`,
# `case $1 in`), and a usage synopsis with a bracketed word group (`[command options]`, `[global flags]`): no
# commands (set 18's supplementary audit)
_HEADER18 = re.compile(r"^(?:(?:for|while|until|select)\s(?!.*(?:;|\s)do\b)|if\s(?!.*(?:;|\s)then\b)|case\s.*\sin$)")
_SYNOPSIS18 = re.compile(r"\[(?:[a-z]+\s+)+(?:options?|flags|arguments|args)\]")
# per source, counted before deduplication: script lines inside multi-line arrays, and keyword or rebase fragments
ARRAY_DROPS = Counter()
FRAGMENT_DROPS = Counter()


_BLOB = re.compile(r"^https://github\.com/([^/]+/[^/]+)/blob/[0-9a-f]{40}/(.+?)#L(\d+)$")
# per source, counted before deduplication: rows inside another interpreter's script block
OTHER_LANGUAGE_DROPS = Counter()


def _shell_blocks_only(source, fn):
    """`fn`'s rows without those whose upstream line lies in another interpreter's block
    (`_other_language_lines`; counted in `OTHER_LANGUAGE_DROPS`) or inside a script's multi-line array
    (`_array_lines`; `ARRAY_DROPS`), and without keyword and rebase-todo fragments, compound-command headers
    and bracketed-word-group synopses (`_FRAGMENT18`, `_HEADER18`, `_SYNOPSIS18`; `FRAGMENT_DROPS`)."""
    def rows():
        for r in fn():
            m = _BLOB.match(r.get("upstream", ""))
            if m and int(m.group(3)) in _other_language_lines(m.group(1), m.group(2).replace("%20", " ")):
                OTHER_LANGUAGE_DROPS[source] += 1
                continue
            if m and int(m.group(3)) in _array_lines(m.group(1), m.group(2).replace("%20", " ")):
                ARRAY_DROPS[source] += 1
                continue
            if "command" in r and (_FRAGMENT18.match(r["command"].strip())
                                   or ("\n" not in r["command"] and _HEADER18.match(r["command"].strip()))
                                   or _SYNOPSIS18.search(r["command"])):
                FRAGMENT_DROPS[source] += 1
                continue
            yield r
    return rows


_HOST_PROMPT = re.compile(r"^[\w.-]+@[\w.-]+\s+[$#]\s+(.*)$")


def _strip_prompt18(line):
    """`_common.strip_prompt`, and a `user@host $ ` prompt (a space before the `$`, no directory) too (set 18's
    first audit: in a block prompted `csc_user@puhti $ `, the output line `login` was a row)."""
    got = _common_strip_prompt(line)
    if got is not None:
        return got
    m = _HOST_PROMPT.match(line)
    return m.group(1) if m else None


def _host_prompts(fn):
    """`fn`'s rows read with `_strip_prompt18` in place of `src_h15`'s `strip_prompt` (restored afterwards)."""
    def rows():
        saved = src_h15.strip_prompt
        src_h15.strip_prompt = _strip_prompt18
        try:
            yield from fn()
        finally:
            src_h15.strip_prompt = saved
    return rows


DOCKERFILES = ["docker-library/ghost", "docker-library/drupal", "docker-library/memcached", "docker-library/tomcat",
               "docker-library/cassandra"]
# small security notes, one source (each alone gives 1-20 rows the rule decides; counts in README.md; the last two
# add no row after deduplication)
SEC_NOTES = ["whiskeylotus/knowledge_db", "zazer0/gcp-ai-security-lab", "dar3k93/Service-Enumeration",
             "hardenedlinux/harbian-audit", "HoldemGK/gcp-notes", "Bahamuzz/Cyber-Incident-Handling",
             "Purp1eW0lf/Blue-Team-Notes"]
# incident notes committed in application repositories (a cryptominer found on the project's server, its
# clean-up and the hardening after it), one source
INCIDENT_NOTES = ["Ali-oss-cell/clink-backend", "MuskanSaifi/DEM", "RetroCodeRamen/rol-platform"]
DOTFILES = ["christoomey/dotfiles", "joshukraine/dotfiles", "kdeldycke/dotfiles", "mhinz/dotfiles"]

_ALL = [
    # tools' own reference docs, both sides
    _both("h18-dokku", "dokku/dokku"),
    _both("h18-lxd", "canonical/lxd"),
    _both("h18-opentofu", "opentofu/opentofu"),
    _both("h18-oci-cli", "oracle/oci-cli"),
    _both("h18-neonctl", "neondatabase/neonctl"),
    _both("h18-k0s", "k0sproject/k0s"),
    _both("h18-juicefs", "juicedata/juicefs", "fs-docs"),
    _both("h18-nats-docs", "nats-io/nats.docs", "messaging-docs"),
    # engineers' notes, runbooks and course material, both sides
    _both("h18-sysadmin-skills", "trimstray/test-your-sysadmin-skills", "sysadmin-qa"),
    _both("h18-devops-snippet", "LinX9581/devops-snippet", "ops-notes"),
    _both("h18-notes-etc", "bradleyfrank/notes-etc", "ops-notes"),
    _both("h18-container-slides", "nicholasdille/container-slides", "course-slides"),
    _both("h18-static-site", "Celtikill/static-site", "infra-runbook"),
    _both("h18-goldenpath", "mikeybeezy/goldenpath-idp-infra", "infra-runbook"),
    _both("h18-kthw-vibe", "y1hao/kubernetes-the-hard-way-vibe", "infra-runbook"),
    _both("h18-ashulearn-k8s", "ashuhatkar/ashulearn-kubernetes", "course-notes"),
    # incident-response and security notes, dangerous only
    Spec("h18-prosvsjoes-ir", "dangerous", ["SirAppSec/bsides-prosvsjoes-incident-response"],
         _danger("h18-prosvsjoes-ir", ["SirAppSec/bsides-prosvsjoes-incident-response"])),
    Spec("h18-sec-notes", "dangerous", SEC_NOTES, _danger("h18-sec-notes", SEC_NOTES)),
    Spec("h18-incident-notes", "dangerous", INCIDENT_NOTES, _danger("h18-incident-notes", INCIDENT_NOTES)),
    # benign: an HPC centre's guide, official images' Dockerfiles, dotfiles
    Spec("h18-csc-docs", "benign", ["CSCfi/csc-user-guide"], _docs("h18-csc-docs", ["CSCfi/csc-user-guide"], "hpc-guide")),
    Spec("h18-dockerfiles", "benign", DOCKERFILES, _dockerfile_rows("h18-dockerfiles", DOCKERFILES, "dockerfile-run")),
    Spec("h18-dotfiles", "benign", DOTFILES, _dotfiles("h18-dotfiles", DOTFILES)),
    # the tools' repositories as developer projects (main set's extractors)
    Spec("h18-gh-workflows", "benign", available(), lambda: filtered(_workflow_rows(available(), "h18-gh-workflows"))),
    Spec("h18-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h18-package-scripts"))),
    Spec("h18-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h18-makefiles"))),
    Spec("h18-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h18-readme-commands"))),
    Spec("h18-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h18-project-scripts"))),
]

# Entry rule, decided before any hookward run on the set (as sets 14-17): a source enters with at least 5
# rows expecting at least ask outside `outside-write`, or at least 20 `allow` rows.
# Extracted and left out on counts (dangerous outside outside-write / allow, on a trial build with every source
# in): h18-oci-cli 1/6 (its rST examples are mostly generated elsewhere; oracle/oci-cli stays in `_devrepos18`),
# h18-readme-commands 0/9, h18-package-scripts 0/14 (31 while hashicorp/nomad was in; it was dropped for disk space,
# README.md). Seven small security-notes repositories gave 1-20 each alone and are one source, `h18-sec-notes` (as
# `h17-sec-notes`), and three application repositories' incident notes 16-49 each, `h18-incident-notes`; both
# groupings decided on those counts before any hookward run.
LEFT_OUT = {"h18-oci-cli", "h18-readme-commands", "h18-package-scripts"}

# the sources not read from documentation pages: `_known_programs` does not apply (the developer projects'
# README blocks are documentation, as in set 17)
_NOT_DOCS = {"h18-dockerfiles", "h18-dotfiles", "h18-gh-workflows", "h18-package-scripts", "h18-makefiles",
             "h18-project-scripts", "h18-prosvsjoes-ir", "h18-sec-notes", "h18-incident-notes"}
_NO_SYNOPSIS = {"h18-readme-commands"}

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
    """`spec` with the other-interpreter block skip (`_shell_blocks_only`, every source), `user@host $ `
    prompts (`_host_prompts`) and `_known_programs` (documentation sources), the synopsis skip (`_NO_SYNOPSIS`) and `src_h16._decided` applied to its rows."""
    rows = _shell_blocks_only(spec.SOURCE, spec.rows)
    if spec.SOURCE not in _NOT_DOCS:
        rows = _known_programs(spec.SOURCE, _no_synopsis(spec.SOURCE, _host_prompts(rows)))
    return Spec(spec.SOURCE, spec.SIDE, spec.REPOS, lambda: _decided(spec.SOURCE, rows()))


SPECS = [_with_decided(spec) for spec in _ALL if spec.SOURCE not in LEFT_OUT]
