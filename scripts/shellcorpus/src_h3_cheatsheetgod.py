"""OlivierLaflamme/Cheatsheet-God: penetration-testing cheat sheets as plain text (Linux, web,
privilege escalation, reverse shells, …); the wireless-testing sheet is left out.

upstream: https://github.com/OlivierLaflamme/Cheatsheet-God `Cheatsheet_*.txt`, commit
b879fd62eaae297b38087b8227dde5f8f0cf7668. Licence: CC BY-SA 4.0 (README badge; no licence file).
(used for evaluation only; nothing of it is committed).
labelling: `_h3.text_rows` (every logical line, prompt stripped, placeholders filled); only lines
`_label.label` decides are kept.
"""

from _common import head, ls
from _h3 import text_rows

SOURCE = "cheatsheet-god"
REPO = "OlivierLaflamme/Cheatsheet-God"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".txt") and "Wireless" not in p]
    yield from text_rows(SOURCE, REPO, head(REPO), paths)
