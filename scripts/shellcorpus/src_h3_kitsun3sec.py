"""Kitsun3Sec/Pentest-Cheat-Sheets: pentest cheat sheets per topic.

upstream: https://github.com/Kitsun3Sec/Pentest-Cheat-Sheets `**/*.md`, commit 816f821a45302772d117516952b0579e1b70052e. Licence: none stated.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 3).
"""

from _common import head, ls
from _mdsheet import sheet_rows, LANGS

SOURCE = "kitsun3sec-sheets"
REPO = "Kitsun3Sec/Pentest-Cheat-Sheets"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths, LANGS | {"rst"})
