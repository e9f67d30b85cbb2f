"""`run:` steps of the GitHub Actions workflows of popular developer repositories (`_devrepos`):
each logical line a command, plus each short multi-line step whole (category `ci-script`).
`${{ secrets.* }}` / `${{ github.event.* }}` lines are skipped; other `${{ expr }}` become the
expression's last name. Steps with a non-sh `shell:`, heredoc bodies, shell control lines, CI
plumbing (`$GITHUB_OUTPUT`, `$RUNNER_TEMP`) and lines that read a variable set elsewhere in the
step are not taken as lines (the short step as a whole still is, when it has no CI plumbing).

upstream: https://github.com/<repo>/blob/<commit>/.github/workflows/*.yml. Licences: the repos'.
labelling: `benign_row` (dangerous by content → its label, e.g. `curl … | sh` installers → deny
remote-code; unclear → skipped; else allow).
"""

import re

from _common import outside_strings, uses_outside_vars, benign_row, blob_url, head, logical_lines, ls, show, yaml_load
from _devrepos import available

SOURCE = "gh-workflows"
SIDE = "benign"
CONTROL = re.compile(r"^(?:if|then|else|elif|fi|for|while|until|do|done|case|esac|function)\b|[{(|]$|&&$|\bthen$|\bdo$|^\}|^\)|;;$")


def _expr(m):
    inner = m.group(1).strip()
    name = re.findall(r"[A-Za-z_][A-Za-z0-9_-]*", inner)
    return name[-1] if name else "x"


def _runs(node):
    if isinstance(node, dict):
        shell = str(node.get("shell") or "bash")
        for k, v in node.items():
            if k == "run" and isinstance(v, str):
                if shell.split()[0] in ("bash", "sh"):
                    yield v
            else:
                yield from _runs(v)
    elif isinstance(node, list):
        for v in node:
            yield from _runs(v)


def rows(repos=None, source=SOURCE):
    """Rows of `repos` (default: `_devrepos.available()`) under the name `source`."""
    for repo in (available() if repos is None else repos):
        commit = head(repo)
        for path in ls(repo, ".github/workflows"):
            if not path.endswith((".yml", ".yaml")):
                continue
            try:
                doc = yaml_load(show(repo, path))
            except Exception:
                continue
            up = blob_url(repo, commit, path)
            for run in _runs(doc):
                if "${{ secrets." in run or "github.event" in run:
                    continue
                run = re.sub(r"\$\{\{(.*?)\}\}", _expr, run)
                lines = list(outside_strings(logical_lines(run.split("\n"))))
                end = None
                for _, line in lines:
                    if end is not None:
                        if line.strip() == end:
                            end = None
                        continue
                    h = re.search(r"<<-?\s*['\"]?(\w+)", line)
                    if h:
                        end = h.group(1)
                        continue
                    if CONTROL.search(line):
                        continue
                    if uses_outside_vars(line):
                        continue
                    r = benign_row(source, line, up, "ci-step")
                    if r:
                        yield r
                if 2 <= len(lines) <= 8:
                    r = benign_row(source, run.strip(), up, "ci-script")
                    if r:
                        yield r
