"""Held-out set 15 (`build.py --set heldout15`, 2026-12-06): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h7` … `src_h14`. Used for
evaluation only; nothing of these repositories is committed. Labels come from `_label.label` with the
switches of sets 13 and 14 (`outside-write` on, `ONLY_COMMANDS`, `VOLUME_TOOLS`, `SHELL_WORDS`),
unchanged.

New kinds in this set:

- **Command-line tools' own reference documentation, both sides** (side `both`): the cloud, deploy and
  database CLIs' command references (Heroku, Netlify, Fly.io, DigitalOcean's `doctl` help examples,
  Supabase, Helm, Argo Workflows, Flux, Dolt), Kubernetes and Google Cloud sample runbooks, the disk tools'
  manual pages (util-linux: `wipefs`, `sfdisk`, `blkdiscard`, …) and the backup/sync tools' manuals (Borg,
  rsync, bup, rdiff-backup, zrepl, sanoid, s3cmd, kopia). Every shell line is labelled by `_label.label`:
  the deletion/termination verbs the rule knows give deny/ask rows, everything else `allow`
  (`benign_row`: unclear commands and placeholders skipped) — **except** that a line holding a destroying
  verb the rule does not decide (`_DESTROY_WORD`: `delete`, `destroy`, `purge`, `prune`, `forget`, `rb`,
  `drop`, `wipe`, `reset`, `rm`/`remove` as a subcommand, `apps:destroy`-style verbs, `--delete`,
  `--remove-older-than`, …) is skipped, not called `allow` (labels are never guessed; counted per source
  in MANIFEST.json as `dropped_destroy_verb_undecided`, before deduplication). This filter applies to
  every source of the set.
- **HPC cluster guides** (Slurm/`module` lessons; Jekyll `{{ site.… }}` variables filled from the
  lesson's own `_config.yml`, prompts `{{ site.remote.prompt }}` read as prompts), **embedded and mobile
  build docs** (PlatformIO's reStructuredText, React Native's and fastlane's guides), **Homebrew's and
  conda-build's maintainer docs**, **devcontainer** `postCreateCommand`-style values and the feature test
  scripts' `check "label" command` lines, a data-science project template's docs, and four dotfiles
  repositories (read as `src_h3_dotfiles`).
- Two Kubernetes offensive tools' READMEs as dangerous sources (`_h4.md_danger`: only lines the rule
  decides), and the CLIs' own repositories as developer projects (`_devrepos15`, the main set's five
  extractors).

Blocks that mix commands and output: when a fenced, `::`/`code-block` (rST) or `----`/`....` (AsciiDoc)
block holds `$ `-prompted lines, only those are read. Usage synopses (`[--flag]`, `<value>`, `[ARG]`,
` ... `) are skipped (`_SYNOPSIS`). Every repository was searched (`git grep -Eil` of the off-limits names
over HEAD, and its path names) before use: no hit in any of them, so `SKIP` is empty. Sources, upstreams
and licences: README.md, "Held-out set 15".
"""

import re
from collections import Counter, defaultdict

from _common import benign_row, blob_url, code_blocks, head, logical_lines, show, strip_prompt, uses_outside_vars, yaml_load
from _h3 import command_like
from _h4 import filtered, md_danger

import src_h3_dotfiles
import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos15 import available
from src_h7 import Spec, ls

SKIP = {}

_LANGS = {"", "sh", "bash", "shell", "console", "zsh", "shell-session", "sh-session", "bash-session",
          "shellsession", "terminal"}

# a usage synopsis, not a command: `[--flag]`, `[-f]`, `[<x>]`, `<value>`, `[ARG]`, `[flags]`, ` ... `
_SYNOPSIS = re.compile(r"\[-{1,2}\w|\[<|<[A-Za-z][\w .|/-]*>|\[[A-Z][A-Z0-9_ .-]*\]|\[(?:flags|options|command|args?)\]"
                       r"|\s\.\.\.(?:\s|$)|\[\.\.\.\]|\bUSAGE\b")

# a destroying verb that `_label.label` does not decide: as a subcommand word (never the program word),
# a `topic:verb` command, or an option
_DESTROY_WORD = re.compile(
    r"(?<=\s)(?:delete|del|destroy|purge|prune|forget|rb|drop|truncate|wipe|erase|flushall|flushdb|terminate|zap|"
    r"reset|rm|rmi|remove|rmdir|unregister|deregister|revoke)(?=$|[\s;&|)])"
    r"|(?<=[\w-]):(?:destroy|delete|remove|reset|purge|wipe|unlink)\b"
    r"|(?<![\w-])--(?:delete[\w-]*|purge|prune[\w-]*|remove-older-than|force-delete|wipe[\w-]*|zap[\w-]*)\b")

# Environment Modules / Lmod (`module purge` unloads modules from the shell's environment: nothing is lost)
_MODULES = re.compile(r"^\s*(?:module|ml)\s")

# per source, counted before deduplication: allow rows skipped for an undecided destroying verb
_UNDECIDED = defaultdict(Counter)


def _row(source, cmd, up, category):
    return benign_row(source, cmd, up, category)


def _decided(source, rows):
    """`rows` without the `allow` rows holding a destroying verb `_label` leaves undecided
    (`_DESTROY_WORD`; counted in `_UNDECIDED[source]`). Applied to every source of the set."""
    from _label import strip_comments
    for r in rows:
        if (r["expect"] == "allow" and "command" in r and not _MODULES.match(r["command"])
                and _DESTROY_WORD.search(strip_comments(r["command"]))):
            _UNDECIDED[source]["dropped_destroy_verb_undecided"] += 1
            continue
        yield r


def _line_rows(source, repo, commit, path, lines, category, prompted_only=False):
    """Rows of one block's logical lines `(n, text)`: only the `$ `-prompted ones when the block has
    any (or when `prompted_only`), a trailing comment after two blanks cut; comments, non-commands,
    lines reading variables set elsewhere and usage synopses skipped."""
    lines = list(lines)
    prompted = [(n, strip_prompt(t.strip())) for n, t in lines]
    prompted = [(n, t) for n, t in prompted if t is not None]
    use = prompted if (prompted or prompted_only) else [(n, t.strip()) for n, t in lines]
    for n, t in use:
        cmd = re.sub(r"\s{2,}#.*$", "", t).strip()
        if (not cmd or cmd.startswith("#") or cmd.endswith("\\") or not command_like(cmd) or uses_outside_vars(cmd)
                or _SYNOPSIS.search(cmd)):
            continue
        r = _row(source, cmd, blob_url(repo, commit, path, n), category)
        if r:
            yield r


# --- markdown (and Jekyll lessons) ------------------------------------------------------------------

_JEKYLL = re.compile(r"\{\{\s*site\.([\w.]+)\s*\}\}")


def _flatten(node, prefix="", out=None):
    out = {} if out is None else out
    if isinstance(node, dict):
        for k, v in node.items():
            _flatten(v, "%s%s." % (prefix, k), out)
    elif isinstance(node, str):
        out[prefix[:-1]] = node
    return out


def _jekyll_vars(repo):
    """The scalar values of a Jekyll site's `_config.yml` by dotted key (`sched.submit.name` → `sbatch`)."""
    try:
        return _flatten(yaml_load(show(repo, "_config.yml")) or {})
    except Exception:  # no config, or YAML the small reader does not take
        return {}


def _jekyll(text, subs):
    """A Jekyll page with `{{ site.X.prompt }}` read as a `$ ` prompt and other `{{ site.… }}` variables
    filled from `subs` (left as they are when unknown: the line then holds a placeholder and is skipped)."""
    text = re.sub(r"(?m)^(\s*)\{\{\s*site\.[\w.]*prompt\s*\}\}\s*", r"\1$ ", text)
    return _JEKYLL.sub(lambda m: subs.get(m.group(1), m.group(0)), text)


def _md_rows(source, repos, category, exts=(".md", ".mdx", ".markerb"), pred=None, jekyll=False):
    """Rows of the shell-language fenced blocks of markdown pages (`exts`, `pred` on the path)."""
    def rows():
        for repo in repos:
            commit = head(repo)
            subs = _jekyll_vars(repo) if jekyll else {}
            for path in ls(repo):
                if not path.lower().endswith(exts) or (pred and not pred(path)):
                    continue
                text = show(repo, path)
                if jekyll:
                    text = _jekyll(text, subs)
                for start, lang, body in code_blocks(text):
                    if lang in _LANGS:
                        yield from _line_rows(source, repo, commit, path, logical_lines(body, start), category)
    return lambda: filtered(rows())


# --- reStructuredText -------------------------------------------------------------------------------

_RST_CODE = re.compile(r"^(\s*)\.\.\s+(?:code-block|code|sourcecode|prompt)::\s*(\S*)")


def _rst_rows(source, repos, category, pred=None):
    """Rows of reStructuredText blocks: `.. code-block:: bash|sh|shell|console|shell-session` (and an
    unnamed one) blocks, every line unless prompted; `::` literal blocks, their `$ `-prompted lines only
    (unprompted literal blocks are config files and output as often as commands)."""
    def rows():
        for repo in repos:
            commit = head(repo)
            for path in ls(repo):
                if not path.endswith((".rst", ".rst.inc", ".inc")) or (pred and not pred(path)):
                    continue
                lines = show(repo, path).split("\n")
                i = 0
                while i < len(lines):
                    s = lines[i].rstrip()
                    m = _RST_CODE.match(s)
                    literal = not m and s.endswith("::") and not s.lstrip().startswith("..")
                    if not (m or literal):
                        i += 1
                        continue
                    if m and m.group(2).lower() not in _LANGS | {"none"}:
                        i += 1
                        continue
                    base = len(lines[i]) - len(lines[i].lstrip())
                    i += 1
                    while i < len(lines) and (not lines[i].strip() or re.match(r"^\s*:\w[\w-]*:", lines[i])):
                        i += 1
                    body, start = [], i + 1
                    while i < len(lines) and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > base):
                        body.append(lines[i])
                        i += 1
                    yield from _line_rows(source, repo, commit, path, logical_lines(body, start), category,
                                          prompted_only=literal)
    return lambda: filtered(rows())


# --- AsciiDoc (manual pages and guides) --------------------------------------------------------------

_ADOC_DELIM = re.compile(r"^(?:----+|\.\.\.\.+)\s*$")
_ADOC_EXAMPLE = re.compile(r"^\*([a-z][\w.+-]*(?:\s.*?)?)\*(?:::)?\s*$")


def _adoc_unescape(s):
    s = re.sub(r"\\([()*_$\\\[\]])", r"\1", s)
    return re.sub(r"(?<![\w])_([^_\s][^_]*)_(?![\w])", r"\1", s)


def _adoc_rows(source, repos, category, pred=None):
    """Rows of AsciiDoc pages: listing (`----`) and literal (`....`) blocks — every line after a
    `[source,bash|sh|shell|console]` line, else only `$ `-prompted lines — and, in a `== EXAMPLE(S)`
    section of a manual page, the whole-line bold commands (`*wipefs --all /dev/sdb*::`)."""
    def rows():
        for repo in repos:
            commit = head(repo)
            for path in ls(repo):
                if not path.endswith(".adoc") or (pred and not pred(path)):
                    continue
                lines = show(repo, path).split("\n")
                in_examples = False
                i = 0
                while i < len(lines):
                    line = lines[i]
                    if line.startswith("=="):
                        in_examples = bool(re.match(r"^==\s+EXAMPLES?\b", line))
                    if _ADOC_DELIM.match(line):
                        shell = i > 0 and re.match(r"^\[source,\s*(?:bash|sh|shell|console|shell-session)\b", lines[i - 1] or "")
                        delim = line.strip()
                        body, start = [], i + 2
                        i += 1
                        while i < len(lines) and lines[i].strip() != delim:
                            body.append(lines[i])
                            i += 1
                        i += 1
                        yield from _line_rows(source, repo, commit, path, logical_lines(body, start), category,
                                              prompted_only=not shell)
                        continue
                    m = _ADOC_EXAMPLE.match(line.strip()) if in_examples else None
                    if m:
                        yield from _line_rows(source, repo, commit, path, [(i + 1, _adoc_unescape(m.group(1)))], category)
                    i += 1
    return lambda: filtered(rows())


# --- doctl's help examples (Go source) ---------------------------------------------------------------

_GO_STR = re.compile(r'`([^`]*)`|"((?:[^"\\]|\\.)*)"')


def _doctl_rows(source, repo, category):
    """Rows of `doctl`'s command help examples: each `cmd….Example = …` Go string (raw and interpreted
    literals joined), cut before a Windows PowerShell variant; every `doctl …` line of it (after a
    sentence's colon or at a line's start)."""
    def rows():
        commit = head(repo)
        for path in ls(repo):
            if not (path.startswith("commands/") and path.endswith(".go")) or path.endswith("_test.go"):
                continue
            for n, line in enumerate(show(repo, path).split("\n"), 1):
                m = re.search(r"\.Example\s*=\s*(.*)$", line)
                if not m:
                    continue
                text = "".join(a if a or not b else b.replace("\\n", "\n").replace('\\"', '"')
                               for a, b in _GO_STR.findall(m.group(1)))
                text = re.split(r"(?i)powershell|windows", text)[0]
                for cm in re.finditer(r"(?:^|:\s+|\n)\s*(doctl\s[^\n]*)", text):
                    cmd = cm.group(1).strip().rstrip(".").strip()
                    if uses_outside_vars(cmd) or _SYNOPSIS.search(cmd) or not command_like(cmd):
                        continue
                    r = _row(source, cmd, blob_url(repo, commit, path, n), category)
                    if r:
                        yield r
    return lambda: filtered(rows())


# --- devcontainers ------------------------------------------------------------------------------------

_DC_KEY = re.compile(r'^\s*(?://\s*)?"(?:postCreateCommand|postStartCommand|onCreateCommand|updateContentCommand|'
                     r'postAttachCommand|initializeCommand)"\s*:\s*"((?:[^"\\]|\\.)*)"')
_CHECK = re.compile(r'^\s*check\s+(?:"[^"]*"|\'[^\']*\'|\S+)\s+(.+?)\s*$')


def _devcontainer_rows(source, repos, category):
    """Rows of devcontainer lifecycle commands (`"postCreateCommand": "…"` string values of
    `devcontainer.json`, commented-out examples included) and of feature/template test scripts'
    `check "label" command …` lines (the command after the label)."""
    def rows():
        for repo in repos:
            commit = head(repo)
            for path in ls(repo):
                if path.endswith("devcontainer.json"):
                    for n, line in enumerate(show(repo, path).split("\n"), 1):
                        m = _DC_KEY.match(line)
                        if m:
                            cmd = m.group(1).replace('\\"', '"').strip()
                            if cmd and not uses_outside_vars(cmd) and not _SYNOPSIS.search(cmd):
                                r = _row(source, cmd, blob_url(repo, commit, path, n), category)
                                if r:
                                    yield r
                elif path.startswith("test/") and path.endswith(".sh"):
                    for n, line in enumerate(show(repo, path).split("\n"), 1):
                        m = _CHECK.match(line)
                        if not m:
                            continue
                        cmd = m.group(1)
                        if uses_outside_vars(cmd) or cmd.endswith("\\") or _SYNOPSIS.search(cmd):
                            continue
                        r = _row(source, cmd, blob_url(repo, commit, path, n), category)
                        if r:
                            yield r
    return lambda: filtered(rows())


_VOCAB = None


def _vocab():
    """Program words that start at least 3 command rows of the main set and sets 2-14 as built (the
    `AGAINST` corpora of `build.py`; `src_h14._first_word`)."""
    global _VOCAB
    if _VOCAB is None:
        import json
        import os
        from src_h14 import _first_word
        c = Counter()
        for d in ["/work/data/shell"] + ["/work/data/shell-h%d" % n for n in range(2, 15)]:
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


_PROGRAM = re.compile(r"^[a-z][a-z0-9_+-]*$")


def _known_programs(source, fn):
    """Rows of a documentation source whose program word is a program: one that starts at least 3
    rows of sets 1-14 (`_vocab`), or a lower-case name without dots or slashes that starts at least 3
    of this source's own rows (the documented tool: `heroku`, `zpool`, `pio`); a path to a program
    (`./x`, `/x`, `~/x`; not under `/dev`, `/proc`, `/sys`, and no `#` on the line) passes. Others (output lines and prose in unlabelled or mixed blocks:
    `configmap/x created`, `name@domain.com`, `x1e.32xlarge 234`) are counted in
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


def _chain(*fns):
    def rows():
        for f in fns:
            yield from f()
    return rows


def _danger_md(source, repos):
    def rows():
        for repo in repos:
            yield from md_danger(source, repo, [p for p in ls(repo) if p.lower().endswith(".md")])
    return rows


def _dotfiles(source, repos):
    return lambda: filtered(src_h3_dotfiles._rows(source, repos))


def _docs(source, repos, category, pred=None, jekyll=False):
    """Markdown, reStructuredText and AsciiDoc docs of `repos` (`pred` on the path)."""
    return _chain(_md_rows(source, repos, category, pred=pred, jekyll=jekyll), _rst_rows(source, repos, category, pred),
                  _adoc_rows(source, repos, category, pred))


BACKUP = ["borgbackup/borg", "WayneD/rsync", "bup/bup", "rdiff-backup/rdiff-backup", "zrepl/zrepl",
          "jimsalterjrs/sanoid", "s3tools/s3cmd", "kopia/kopia"]
DOTFILES = ["addyosmani/dotfiles", "LukeSmithxyz/voidrice", "jonhoo/configs", "junegunn/dotfiles", "tpope/dotfiles"]

_ALL = [
    # CLIs' and operators' reference docs, both sides
    Spec("h15-heroku-cli", "both", ["heroku/cli"], _md_rows("h15-heroku-cli", ["heroku/cli"], "cli-docs")),
    Spec("h15-netlify-cli", "both", ["netlify/cli"], _md_rows("h15-netlify-cli", ["netlify/cli"], "cli-docs")),
    Spec("h15-fly-docs", "both", ["superfly/docs"], _md_rows("h15-fly-docs", ["superfly/docs"], "cli-docs")),
    Spec("h15-doctl", "both", ["digitalocean/doctl"],
         _chain(_doctl_rows("h15-doctl", "digitalocean/doctl", "cli-docs"),
                _md_rows("h15-doctl", ["digitalocean/doctl"], "cli-docs"))),
    Spec("h15-supabase-cli", "both", ["supabase/cli"], _docs("h15-supabase-cli", ["supabase/cli"], "cli-docs")),
    Spec("h15-planetscale-cli", "both", ["planetscale/cli"], _docs("h15-planetscale-cli", ["planetscale/cli"], "cli-docs")),
    Spec("h15-helm-docs", "both", ["helm/helm-www"], _md_rows("h15-helm-docs", ["helm/helm-www"], "cli-docs")),
    Spec("h15-argo-workflows", "both", ["argoproj/argo-workflows"],
         _md_rows("h15-argo-workflows", ["argoproj/argo-workflows"], "cli-docs")),
    Spec("h15-flux-docs", "both", ["fluxcd/website"], _md_rows("h15-flux-docs", ["fluxcd/website"], "cli-docs")),
    Spec("h15-dolt-docs", "both", ["dolthub/docs"], _md_rows("h15-dolt-docs", ["dolthub/docs"], "cli-docs")),
    Spec("h15-k8s-examples", "both", ["kubernetes/examples"],
         _md_rows("h15-k8s-examples", ["kubernetes/examples"], "cli-docs")),
    Spec("h15-gcp-microservices", "both", ["GoogleCloudPlatform/microservices-demo"],
         _md_rows("h15-gcp-microservices", ["GoogleCloudPlatform/microservices-demo"], "cli-docs")),
    Spec("h15-eksctl", "both", ["eksctl-io/eksctl"], _md_rows("h15-eksctl", ["eksctl-io/eksctl"], "cli-docs")),
    Spec("h15-velero", "both", ["vmware-tanzu/velero"], _md_rows("h15-velero", ["vmware-tanzu/velero"], "cli-docs")),
    Spec("h15-knative-docs", "both", ["knative/docs"], _md_rows("h15-knative-docs", ["knative/docs"], "cli-docs")),
    Spec("h15-cert-manager-docs", "both", ["cert-manager/website"],
         _md_rows("h15-cert-manager-docs", ["cert-manager/website"], "cli-docs")),
    Spec("h15-longhorn-docs", "both", ["longhorn/website"], _md_rows("h15-longhorn-docs", ["longhorn/website"], "cli-docs")),
    Spec("h15-bank-of-anthos", "both", ["GoogleCloudPlatform/bank-of-anthos"],
         _md_rows("h15-bank-of-anthos", ["GoogleCloudPlatform/bank-of-anthos"], "cli-docs")),
    Spec("h15-valkey-doc", "both", ["valkey-io/valkey-doc"], _md_rows("h15-valkey-doc", ["valkey-io/valkey-doc"], "cli-docs")),
    Spec("h15-openzfs-docs", "both", ["openzfs/openzfs-docs"], _docs("h15-openzfs-docs", ["openzfs/openzfs-docs"], "disk-docs")),
    Spec("h15-void-docs", "both", ["void-linux/void-docs"], _md_rows("h15-void-docs", ["void-linux/void-docs"], "disk-docs")),
    Spec("h15-util-linux", "both", ["util-linux/util-linux"],
         _docs("h15-util-linux", ["util-linux/util-linux"], "man-page")),
] + [
    Spec("h15-" + r.split("/")[1].lower(), "both", [r], _docs("h15-" + r.split("/")[1].lower(), [r], "backup-docs"))
    for r in BACKUP
] + [
    # attack tools' READMEs, dangerous only
    Spec("h15-kdigger", "dangerous", ["quarkslab/kdigger"], _danger_md("h15-kdigger", ["quarkslab/kdigger"])),
    Spec("h15-kubiscan", "dangerous", ["cyberark/KubiScan"], _danger_md("h15-kubiscan", ["cyberark/KubiScan"])),
    # benign: HPC, data science, mobile/embedded, maintainers, devcontainers, dotfiles
    Spec("h15-hpc-intro", "benign", ["carpentries-incubator/hpc-intro"],
         _chain(_md_rows("h15-hpc-intro", ["carpentries-incubator/hpc-intro"], "hpc-guide", exts=(".md", ".snip"), jekyll=True))),
    Spec("h15-ulhpc-docs", "benign", ["ULHPC/ulhpc-docs"], _md_rows("h15-ulhpc-docs", ["ULHPC/ulhpc-docs"], "hpc-guide")),
    Spec("h15-ccds", "benign", ["drivendata/cookiecutter-data-science"],
         _md_rows("h15-ccds", ["drivendata/cookiecutter-data-science"], "guide")),
    Spec("h15-platformio-docs", "benign", ["platformio/platformio-docs"],
         _rst_rows("h15-platformio-docs", ["platformio/platformio-docs"], "build-docs")),
    Spec("h15-react-native-docs", "benign", ["facebook/react-native-website"],
         _md_rows("h15-react-native-docs", ["facebook/react-native-website"], "build-docs")),
    Spec("h15-fastlane-docs", "benign", ["fastlane/docs"], _md_rows("h15-fastlane-docs", ["fastlane/docs"], "build-docs")),
    Spec("h15-homebrew-docs", "benign", ["Homebrew/brew"],
         _md_rows("h15-homebrew-docs", ["Homebrew/brew"], "maintainer-docs", pred=lambda p: p.startswith("docs/"))),
    Spec("h15-conda-build-docs", "benign", ["conda/conda-build"],
         _docs("h15-conda-build-docs", ["conda/conda-build"], "maintainer-docs", pred=lambda p: p.startswith("docs/"))),
    Spec("h15-devcontainer-templates", "benign", ["devcontainers/templates"],
         _devcontainer_rows("h15-devcontainer-templates", ["devcontainers/templates"], "devcontainer")),
    Spec("h15-devcontainer-features", "benign", ["devcontainers/features"],
         _devcontainer_rows("h15-devcontainer-features", ["devcontainers/features"], "devcontainer")),
    Spec("h15-dotfiles", "benign", DOTFILES, _dotfiles("h15-dotfiles", DOTFILES)),
    # the CLIs' repositories as developer projects (main set's extractors)
    Spec("h15-gh-workflows", "benign", available(), lambda: filtered(src_workflows.rows(available(), "h15-gh-workflows"))),
    Spec("h15-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h15-package-scripts"))),
    Spec("h15-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h15-makefiles"))),
    Spec("h15-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h15-readme-commands"))),
    Spec("h15-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h15-project-scripts"))),
]

# Entry rule, decided before any hookward run on the set (as set 14): a source enters with at least 5
# rows expecting at least ask outside `outside-write`, or at least 20 `allow` rows. Extracted and left out
# on counts (dangerous outside outside-write / allow, on a trial build with every source in):
# h15-ccds 0/15, h15-planetscale-cli 0/18, h15-rsync 0/3, h15-s3cmd 0/16, h15-zrepl 0/19, h15-kdigger 0/0
# (one outside-write row), h15-kubiscan 4/0. Fetched and not used: linkerd/website (its `git grep` of the
# off-limits names has a hit; not read further), Azure/azure-cli, istio/istio.io and
# raspberrypi/documentation (over the mirror size limit).
LEFT_OUT = {"h15-ccds", "h15-planetscale-cli", "h15-rsync", "h15-s3cmd", "h15-zrepl", "h15-kdigger", "h15-kubiscan"}


# the sources read from documentation pages (every one but the dotfiles, devcontainer, attack-tool and
# developer-project sources): `_known_programs` applies
_NOT_DOCS = {"h15-kdigger", "h15-kubiscan", "h15-devcontainer-templates", "h15-devcontainer-features", "h15-dotfiles",
             "h15-gh-workflows", "h15-package-scripts", "h15-makefiles", "h15-readme-commands", "h15-project-scripts"}


def _with_decided(spec):
    """`spec` with `_known_programs` (documentation sources) and `_decided` applied to its rows (a new
    entry; `_ALL`'s is left as it is)."""
    rows = spec.rows if spec.SOURCE in _NOT_DOCS else _known_programs(spec.SOURCE, spec.rows)
    return Spec(spec.SOURCE, spec.SIDE, spec.REPOS, lambda: _decided(spec.SOURCE, rows()))


SPECS = [_with_decided(spec) for spec in _ALL if spec.SOURCE not in LEFT_OUT]
