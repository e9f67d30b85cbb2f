"""Held-out set 14 (`build.py --set heldout14`, 2026-12-06): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h7` … `src_h13`. Used for
evaluation only; nothing of these repositories is committed. Labels come from `_label.label` with the
switches of set 13 (`outside-write` on, `ONLY_COMMANDS`, `VOLUME_TOOLS`, `SHELL_WORDS`), unchanged.

New kinds in this set:

- **Other command guards' own test cases** (Claude Code / Codex / pi / opencode hooks, shell-command
  firewalls, dangerous-command detectors), one source per project (`_guard_rows`): the string literals
  of their test files that read as shell command lines. Our labeller decides: a literal it labels
  deny/ask is a row with that label; one it leaves undecided is an `allow` row (as on benign sources,
  `benign_row`) **unless the guard's own test calls it blocked or asked**, then it is skipped (labels are
  never guessed). The guard's own verdict, read from the test's wording next to the literal
  (`guard_verdict`: a keyword such as `assertBlocked`, `match_deny`, `Block`, `allow`, `safe` on the
  literal's line, else in the 30 lines above it; `None` when none is found), is recorded in the row as
  `guard_label` (information only, never the label).
- **Dockerfile `RUN` instructions** of large projects' images (`_dockerfile_rows`: shell form only,
  continuation lines joined, comment lines inside dropped, a `RUN` reading an `ARG`/`ENV` variable
  skipped as a line reading variables set elsewhere).
- **Ansible `shell:`/`command:` tasks** (`_ansible_rows`: one-line values; a value holding a Jinja
  `{{ … }}` is skipped as reading variables set elsewhere).

Every repository was searched (`git grep -Eil` of the off-limits names over HEAD, and its path names)
before use: no hit in any of them, so `SKIP` is empty. Sources, upstreams and licences: README.md,
"Held-out set 14".
"""

import re

from _common import benign_row, blob_url, danger_row, head, show, uses_outside_vars
from _h3 import md_benign_rows
from _h4 import filtered
from src_h7 import Spec, ls

SKIP = {}

_LANGS = ("", "sh", "bash", "shell", "console", "zsh", "shell-session")

# --- other guards' test cases -------------------------------------------------------------------

_TEST_PATH = re.compile(r"(?i)(?:^|/)(?:tests?|__tests__|spec|testdata)/|(?:^|/)test_[^/]*$|[._-]test\.\w+$|_test\.go$|"
                        r"\.spec\.\w+$|\.bats$|corpus[^/]*\.\w+$")
_CODE_EXT = (".py", ".ts", ".js", ".mjs", ".go", ".rs", ".sh", ".bats", ".rb")
_LIT = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`([^`$\\\n]*)`')
# a literal right after one of these is a test's name, a message or an expected output, not a command
_NOT_CASE_BEFORE = re.compile(
    r"(?i)(?:\b(?:it|test|describe|describetable|context|when|specify|entry|by|subtest|suite|t\.Run|t\.Error\w*|t\.Fatal\w*|t\.Log\w*|print|console\.\w+|log\w*|"
    r"toContain|toMatch|toThrow|assertIn|assertRegex|skip|todo|Errorf|Sprintf|Printf)\s*\(\s*|"
    r"\b(?:name|title|desc\w*|reason|message|msg|explanation|label|rule|ids?|error|match|comment|note|why|summary)\s*[:=]\s*|@test\s+|\b(?:fail|raise\s+\w+)\(\s*)$")
_NEG = r"(?:not|n't|never|no longer)\s+(?:be\s+|get\s+)?"
_VERDICT = re.compile(
    r"(?i)(" + _NEG + r"(?:allow\w*|permit\w*|approve\w*|safe\b)|disallow\w*|unsafe|block\w*|den(?:y|ied|ies)\b|reject\w*|"
    r"danger\w*|forbid\w*|prevent\w*|refuse\w*|destructive|malicious|catastroph\w*|prohibit\w*)"
    r"|(" + _NEG + r"(?:block\w*|den(?:y|ied|ies)\b|reject\w*)|allow\w*|safe\b|safely|permit\w*|approve[sd]?\b|benign|harmless|passthrough)"
    r"|(\bask\w*|confirm\w*|review\b|approvals?\b|needs?[_ ]approval|requires?[_ ]approval|warn\w*|prompt\b)")


# English words that a command line seldom holds but a test's name or description does
_PROSE = re.compile(r"(?i)\b(?:the|an?|is|are|be|been|should|must|when|if|with|without|of|returns?|handles?|"
                    r"detect(?:s|ed)?|caught|catch(?:es)?|parses?|checks?|blocks?|allows?|accepted|rejected|denied|works?|"
                    r"still|operand|syntax|expected|correctly|properly|does|doesn't|not|via|because|into|than|"
                    r"attached|bundled|sep|variant|form|case)\b")
_WRAPPERS = {"sudo", "env", "command", "nice", "nohup", "timeout", "time", "exec", "builtin", "doas", "xargs"}
_VOCAB = None


def _vocab():
    """Program words that start at least 3 command rows of the main set and sets 2-13 as built (the
    `AGAINST` corpora of `build.py`): a literal whose first program word is not one of them (nor a
    path) is taken for a test's name or prose, not a command."""
    global _VOCAB
    if _VOCAB is None:
        import json
        import os
        from collections import Counter
        c = Counter()
        for d in ["/work/data/shell"] + ["/work/data/shell-h%d" % n for n in range(2, 14)]:
            if not os.path.isdir(d):
                continue
            for name in sorted(os.listdir(d)):
                if name.endswith(".jsonl"):
                    with open(os.path.join(d, name)) as f:
                        for line in f:
                            cmd = json.loads(line).get("command")
                            if cmd:
                                w = _first_word(cmd)
                                if w:
                                    c[w] += 1
        _VOCAB = {w for w, n in c.items() if n >= 3}
    return _VOCAB


def _first_word(cmd):
    """The program word of a command line: after `VAR=value` assignments and wrappers."""
    for w in cmd.split():
        if re.match(r"^[A-Za-z_]\w*=", w) or w in _WRAPPERS or w.startswith("-"):
            continue
        return w.rsplit("/", 1)[-1] if w.startswith(("/", "./", "~/")) else w
    return None


def _looks_like_case(cmd):
    """A test literal that reads as a command line: its first program word is one the earlier sets
    know (`_vocab`), and it is not prose (two or more of `_PROSE`'s words and no shell operator, or an
    explanation after ` -- `)."""
    w = _first_word(cmd)
    if not w or w not in _vocab():
        return False
    if re.match(r"export\s+(?:class|function|const|let|default|interface|type|async)\b", cmd):
        return False  # a line of TypeScript
    if re.search(r"\s--\s+(?:should|must|still|alternate|caught|blocked|allowed|not)\b", cmd):
        return False
    if len(_PROSE.findall(cmd)) >= 2 and not re.search(r"[|;&$<>`]", cmd):
        return False
    return not re.search(r"[.!?]$", cmd) or len(cmd.split()) < 3


def _unescape(s):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def _kind(m):
    return "blocked" if m.group(1) else "allowed" if m.group(2) else "asked"


def guard_verdict(lines, i, start, end):
    """The guard's own verdict on the literal at `lines[i][start:end]`, from its test's wording:
    the first verdict word after it on its line (`{"…", Block}`, `("…", "deny")`), else the last one
    before it on its line (`assertBlocked("…")`, `match_deny("…")`), else the nearest one in the 30
    lines above (a test name, the key of a case list). Returns "blocked", "asked", "allowed" or None."""
    after = _LIT.sub('""', lines[i][end:])
    m = _VERDICT.search(after)
    if m:
        return _kind(m)
    found = list(_VERDICT.finditer(_LIT.sub('""', lines[i][:start])))
    if found:
        return _kind(found[-1])
    for j in range(i - 1, max(-1, i - 31), -1):
        found = list(_VERDICT.finditer(lines[j]))
        if found:
            return _kind(found[-1])
    return None


def _guard_rows(source, repo, exclude=()):
    """Rows of the string literals of a guard project's test files that read as command lines."""
    def rows():
        commit = head(repo)
        for path in ls(repo):
            if not (_TEST_PATH.search(path) and path.endswith(_CODE_EXT)) or any(x in path.lower() for x in exclude):
                continue
            if re.search(r"(?i)powershell|windows|\bps1\b|cmd\.exe", path):
                continue
            lines = show(repo, path).split("\n")
            in_doc = False
            for i, line in enumerate(lines):
                if path.endswith(".py") and (line.count('"""') + line.count("'''")) % 2 == 1:
                    in_doc = not in_doc
                    continue
                if in_doc or line.lstrip().startswith(('"""', "'''", "#", "//")):
                    continue
                for m in _LIT.finditer(line):
                    raw = m.group(1) if m.group(1) is not None else m.group(2) if m.group(2) is not None else m.group(3)
                    if not raw or " " not in raw.strip() or "\\n" in raw:
                        continue
                    before = line[:m.start()]
                    if _NOT_CASE_BEFORE.search(before):
                        continue
                    after = line[m.end():]
                    # a table row's first literal followed by another one is the case's name (Go/TS tables)
                    if re.search(r"[{\[(]\s*$", before) and re.match(r"\s*,\s*[\"'`]", after) and not re.search(r"[|;&$/<>=-]", raw):
                        continue
                    if re.match(r"\s*(?::|\bin\b)", after):  # a dict key, a membership test
                        continue
                    cmd = _unescape(raw).strip()
                    if not _looks_like_case(cmd):
                        continue
                    verdict = guard_verdict(lines, i, m.start(), m.end())
                    up = blob_url(repo, commit, path, i + 1)
                    r = danger_row(source, cmd, up)
                    if r is None:
                        if verdict in ("blocked", "asked"):
                            _DISAGREE[source]["they_block_we_undecided"] += 1
                            continue
                        r = benign_row(source, cmd, up, "guard-test")
                        if r is None:
                            continue
                    elif verdict == "allowed":
                        _DISAGREE[source]["they_allow_we_flag"] += 1
                    r["guard_label"] = verdict
                    yield r
    return lambda: filtered(rows())


class _Counts(dict):
    def __missing__(self, k):
        v = self[k] = {"they_block_we_undecided": 0, "they_allow_we_flag": 0}
        return v


# per source, counted before deduplication: cases the guard blocks/asks that our labeller leaves
# undecided (skipped), and cases it allows that our labeller labels deny/ask (kept with our label)
_DISAGREE = _Counts()

# --- Dockerfile RUN instructions ---------------------------------------------------------------

_DOCKERFILE = re.compile(r"(?:^|/)(?:Dockerfile[^/]*|[^/]+\.Dockerfile|Containerfile)$")


def _dockerfile_rows(source, repos, category="dockerfile-run"):
    """Benign rows of the shell-form `RUN` instructions of Dockerfiles (continuations joined)."""
    def rows():
        for repo in repos:
            commit = head(repo)
            for path in ls(repo):
                if not _DOCKERFILE.search(path):
                    continue
                lines = show(repo, path).split("\n")
                i = 0
                while i < len(lines):
                    line = lines[i]
                    m = re.match(r"^\s*RUN\s+(.*)$", line, re.I)
                    n = i + 1
                    if not m:
                        i += 1
                        continue
                    parts = [m.group(1)]
                    while parts[-1].rstrip().endswith("\\") and i + 1 < len(lines):
                        parts[-1] = parts[-1].rstrip()[:-1]
                        i += 1
                        nxt = lines[i]
                        if nxt.strip().startswith("#"):
                            parts.append("\\")  # keep the continuation going past a comment line
                            continue
                        parts.append(nxt)
                    i += 1
                    cmd = " ".join(p.strip() for p in parts if p.strip() and p.strip() != "\\")
                    cmd = re.sub(r"\s+", " ", cmd).strip()
                    if (not cmd or cmd.startswith("[") or cmd.startswith("--") or "<<" in cmd
                            or uses_outside_vars(cmd)):
                        continue
                    r = benign_row(source, cmd, blob_url(repo, commit, path, n), category)
                    if r:
                        yield r
    return lambda: filtered(rows())


# --- Ansible shell/command tasks -----------------------------------------------------------------

_TASK = re.compile(r"^\s*(?:-\s+)?(?:ansible\.builtin\.)?(?:shell|command|raw)\s*:\s*(.+?)\s*$")


def _ansible_rows(source, repos, category="ansible-task"):
    """Benign rows of one-line `shell:` / `command:` / `raw:` task values of YAML files."""
    def rows():
        for repo in repos:
            commit = head(repo)
            for path in ls(repo):
                if not path.endswith((".yml", ".yaml")):
                    continue
                for n, line in enumerate(show(repo, path).split("\n"), 1):
                    m = _TASK.match(line)
                    if not m:
                        continue
                    v = m.group(1)
                    if v[:1] in "|>{[" or "{{" in v or "{%" in v:
                        continue
                    if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
                        v = v[1:-1]
                    v = re.sub(r"\s+(?:chdir|creates|removes|executable|warn)=\S+", "", v).strip()
                    if not v or uses_outside_vars(v):
                        continue
                    r = benign_row(source, v, blob_url(repo, commit, path, n), category)
                    if r:
                        yield r
    return lambda: filtered(rows())


def _md_benign(source, repos, category, pred=lambda p: True):
    def rows():
        for repo in repos:
            paths = [p for p in ls(repo) if p.lower().endswith(".md") and pred(p)]
            yield from filtered(md_benign_rows(source, repo, head(repo), paths, category, langs=_LANGS))
    return rows


_RST_SHELL = re.compile(r"^(\s*)\.\.\s+(?:code-block|code|sourcecode)::\s*(bash|sh|shell|console|shell-session)\s*$")


def _rst_benign(source, repos, category):
    """Benign rows of reStructuredText `.. code-block:: bash|sh|shell|console` blocks (a block holding
    `$ `-prompted lines gives only those: the other lines are output)."""
    from _common import strip_prompt

    def rows():
        for repo in repos:
            commit = head(repo)
            for path in ls(repo):
                if not path.endswith(".rst"):
                    continue
                lines = show(repo, path).split("\n")
                i = 0
                while i < len(lines):
                    m = _RST_SHELL.match(lines[i])
                    i += 1
                    if not m:
                        continue
                    base = len(m.group(1))
                    while i < len(lines) and (not lines[i].strip() or re.match(r"^\s*:\w[\w-]*:", lines[i])):
                        i += 1
                    body = []
                    while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > base):
                        body.append((i + 1, lines[i].strip()))
                        i += 1
                    prompted = [(n, strip_prompt(t)) for n, t in body if t and strip_prompt(t) is not None]
                    for n, t in (prompted or [(n, t) for n, t in body if t]):
                        if t.startswith("#") or t.endswith("\\") or uses_outside_vars(t):
                            continue
                        r = benign_row(source, t, blob_url(repo, commit, path, n), category)
                        if r:
                            yield r
    return lambda: filtered(rows())


def _chain(*fns):
    def rows():
        for f in fns:
            yield from f()
    return rows


GUARDS = [
    ("guard-cc-guardian-in", "idnotbe/claude-code-guardian"),
    ("guard-cc-guardian-jf", "jfpedroza/claude-code-guardian"),
    ("guard-cc-guardian-pr", "phuongrealmax/claude-code-guardian"),
    ("guard-opencode-bash-pv", "preved911/opencode-bash-guard"),
    ("guard-bash-guard-ab", "abellagonzalo/bash-guard"),
    ("guard-bash-guard-ts", "tani-shi/claude-bash-guard"),
    ("guard-bash-guard-lz", "lloydzhou/bash-guard"),
    ("guard-bash-guard-ls", "lasha03/Bash-Guard"),
    ("guard-cc-bash-guard-tk", "tasuku43/cc-bash-guard"),
    ("guard-agent-cmd-guard-tm", "tomatoaiu/agent-command-guard"),
    ("guard-agent-cmd-guards-os", "osteele/agent-command-guards"),
    ("guard-infra-cmd-guard-rj", "ramtinJ95/pi-infra-command-guard"),
    ("guard-cmd-guardian-sn", "SNKK62/command-guardian"),
    ("guard-cc-cmd-guard-wp", "woop/claude-command-guard"),
    ("guard-cmd-guard-gl", "golergka/command-guard"),
    ("guard-hooks-ts-ek", "Esk3nder/claude-hooks-ts"),
    ("guard-hooks-zb", "zebbern/claude-hooks"),
    ("guard-hooks-sl", "smykla-labs/claude-hooks"),
    ("guard-eng-rules-gf", "gufranco/claude-engineering-rules"),
    ("guard-orchestkit-yg", "yonatangross/orchestkit"),
    ("guard-agentic-prims-ap", "AgentParadise/agentic-primitives"),
]


TOOLCHAIN = ["Schniz/fnm", "volta-cli/volta", "tj/n", "mamba-org/mamba"]

# Entry rule, decided before any hookward run on the set (as in sets 2-13, widened for sources with both
# sides): a source enters with at least 5 rows expecting at least ask outside `outside-write`, or at least
# 20 `allow` rows. Extracted and left out on counts (dangerous outside outside-write / allow, on a trial
# build with every source in): guard-agent-cmd-guards-os 0/4, guard-bash-guard-ls 0/12 (its tests analyse
# scripts, not command lines), guard-bash-guard-lz 0/0 (its tests are shell scripts driving the hook),
# guard-cc-cmd-guard-wp 1/0, guard-cc-guardian-jf 0/6, guard-cc-guardian-pr 0/0, guard-cmd-guardian-sn 0/0,
# guard-opencode-bash-pv 3/13, h14-ansible-for-devops 0/10, h14-docker-consul 2/0, h14-docker-nginx 0/11
# (its RUN lines read ENV variables). Not fetched ("no snapshot can be had"): ruihe774/cc-bash-guardrails,
# ba0918/command-guardian, kcosr/shell-command-guard, luisoncpp/shell-guard, xuwenhao/agent-shell-guard,
# eliferres/claude-code-guardrails, GreenHatHG/pi-extension-bash-guard, pavel-rp/bash-guardrails,
# sudame/claude-bash-guard, warmlogic/claude-bash-guardrails, casonadams/omp-bash-guard,
# Zettt/antigravity-command-guard, greenhost87/agent-command-guard, KStarob/codex-command-guard,
# XuanwuLab/atuin-shell-guard, iomect/uu-command-guard, miku2339/claude-code-guard; over the mirror size
# limit: bitnami/containers. Fetched and not used: ekut/claude-code-guardrails, shreyashp77/pi-command-guard, stevenkozeniesky02/shell-guard, alexogar/shell-guard, didierthill/claude-code-guard,
# swiencki/claude-code-guardrails, CharlesGool/claude-code-guardian, decider/claude-hooks (no test files of
# command lines), ansible/ansible-lint (its playbooks are lint fixtures, bad on purpose),
# brant-ruan/awesome-container-escape (links, no commands).
LEFT_OUT = {"guard-agent-cmd-guards-os", "guard-bash-guard-ls", "guard-bash-guard-lz", "guard-cc-cmd-guard-wp",
            "guard-cc-guardian-jf", "guard-cc-guardian-pr", "guard-cmd-guardian-sn", "guard-opencode-bash-pv",
            "h14-ansible-for-devops", "h14-docker-consul", "h14-docker-nginx"}

# test files that are not driven by command lines (unit tests of token lists whose first literal is the
# case's name, not a command)
GUARD_EXCLUDE = {"abellagonzalo/bash-guard": ("test_classifiers.py",)}

_ALL = [Spec(s, "both", [r], _guard_rows(s, r, GUARD_EXCLUDE.get(r, ()))) for s, r in GUARDS] + [
    Spec("h14-jupyter-docker", "benign", ["jupyter/docker-stacks"],
         _chain(_dockerfile_rows("h14-jupyter-docker", ["jupyter/docker-stacks"]),
                _md_benign("h14-jupyter-docker", ["jupyter/docker-stacks"], "guide"))),
    Spec("h14-devcontainer-images", "benign", ["devcontainers/images"],
         _chain(_dockerfile_rows("h14-devcontainer-images", ["devcontainers/images"]),
                _md_benign("h14-devcontainer-images", ["devcontainers/images"], "guide"))),
    Spec("h14-docker-nginx", "benign", ["nginxinc/docker-nginx"],
         _chain(_dockerfile_rows("h14-docker-nginx", ["nginxinc/docker-nginx"]),
                _md_benign("h14-docker-nginx", ["nginxinc/docker-nginx"], "guide"))),
    Spec("h14-docker-consul", "benign", ["hashicorp/docker-consul"],
         _chain(_dockerfile_rows("h14-docker-consul", ["hashicorp/docker-consul"]),
                _md_benign("h14-docker-consul", ["hashicorp/docker-consul"], "guide"))),
    Spec("h14-ansible-for-devops", "benign", ["geerlingguy/ansible-for-devops"],
         _chain(_ansible_rows("h14-ansible-for-devops", ["geerlingguy/ansible-for-devops"]),
                _md_benign("h14-ansible-for-devops", ["geerlingguy/ansible-for-devops"], "guide"))),
    Spec("h14-toolchain-docs", "benign", TOOLCHAIN,
         _chain(_md_benign("h14-toolchain-docs", TOOLCHAIN, "guide"), _rst_benign("h14-toolchain-docs", TOOLCHAIN, "guide"))),
    Spec("h14-ansible-examples", "benign", ["ansible/ansible-examples"],
         _ansible_rows("h14-ansible-examples", ["ansible/ansible-examples"])),
    Spec("h14-kubespray", "benign", ["kubernetes-sigs/kubespray"],
         _chain(_ansible_rows("h14-kubespray", ["kubernetes-sigs/kubespray"]),
                _md_benign("h14-kubespray", ["kubernetes-sigs/kubespray"], "guide"))),
]

SPECS = [spec for spec in _ALL if spec.SOURCE not in LEFT_OUT]
