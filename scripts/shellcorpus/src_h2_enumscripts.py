"""Linux enumeration scripts that post-exploitation guides tell you to run (LinEnum.sh and
linux-smart-enumeration's lse.sh): each line of the scripts as one command, skipped when it reads
a variable set elsewhere, is a control line, or is inside a heredoc/multi-line string; only the
lines `_label.label` decides are kept (reading shadow and keys, searching the disk for secrets, …).

upstream: https://github.com/rebootuser/LinEnum LinEnum.sh (MIT) and
https://github.com/diego-treitos/linux-smart-enumeration lse.sh (GPL-3.0)
(used for evaluation only; nothing of them is committed).
labelling: `danger_row`.
"""

import re

from _common import blob_url, danger_row, head, logical_lines, outside_strings, show, uses_outside_vars

SOURCE = "enum-scripts"
SIDE = "dangerous"
FILES = {"rebootuser/LinEnum": "LinEnum.sh", "diego-treitos/linux-smart-enumeration": "lse.sh"}
REPOS = list(FILES)
REPO = REPOS[0]
CONTROL = re.compile(r"^(?:if|then|else|elif|fi|for|while|until|do|done|case|esac|function|return|exit|local|set|shift|trap|echo|printf)\b|[{(|\\]$|&&$|\bthen$|\bdo$|^\}|^\)|;;$|^\w+\(\)")


def rows():
    for repo, path in FILES.items():
        commit = head(repo)
        for n, line in outside_strings(logical_lines(show(repo, path).split("\n"))):
            line = line.strip()
            m = re.match(r"^[A-Za-z_]\w*=[`\"]*\$?\(?`?(.*?)[`)\"]*$", line)
            if m and ("`" in line or "$(" in line):
                line = m.group(1).strip()
            if not line or CONTROL.search(line) or uses_outside_vars(line):
                continue
            r = danger_row(SOURCE, line, blob_url(repo, commit, path, n))
            if r:
                yield r
