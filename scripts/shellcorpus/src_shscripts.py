"""Lines of the shell scripts (`*.sh`, `*.bash`) of popular developer repositories
(`_devrepos`): build, release, lint and test helpers. Lines reading a variable set elsewhere in
the script, control-structure lines, heredoc bodies and calls of the script's own functions are skipped.

upstream: https://github.com/<repo>/blob/<commit>/**/*.sh. Licences: the repos'.
labelling: `benign_row` (category `project-script`).
"""

import re

from _common import outside_strings, benign_row, blob_url, head, logical_lines, ls, show, uses_outside_vars
from _devrepos import available

SOURCE = "project-scripts"
SIDE = "benign"
CONTROL = re.compile(r"^(?:if|then|else|elif|fi|for|while|until|do|done|case|esac|function|return|exit|local|set|shift|trap)\b|[{(|\\]$|&&$|\bthen$|\bdo$|^\}|^\)|;;$|^\w+\(\)|^[^()\s]+(?:\s*\|\s*[^()\s]+)*\)$")


def rows(repos=None, source=SOURCE):
    """Rows of `repos` (default: `_devrepos.available()`) under the name `source`."""
    for repo in (available() if repos is None else repos):
        commit = head(repo)
        for path in ls(repo):
            if not path.endswith((".sh", ".bash")) or "node_modules" in path or "/vendor/" in path:
                continue
            text = show(repo, path)
            funcs = set(re.findall(r"(?m)^\s*(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\)", text))
            end = None
            for n, line in outside_strings(logical_lines(text.split("\n"))):
                if end is not None:
                    if line.strip() == end:
                        end = None
                    continue
                h = re.search(r"<<-?\s*['\"]?(\w+)", line)
                if h:
                    end = h.group(1)
                    continue
                first = line.split()[0] if line.split() else ""
                if CONTROL.search(line) or uses_outside_vars(line) or first in funcs:
                    continue
                r = benign_row(source, line, blob_url(repo, commit, path, n), "project-script")
                if r:
                    yield r
