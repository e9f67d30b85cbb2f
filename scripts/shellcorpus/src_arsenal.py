"""Orange-Cyberdefense/arsenal: a red-team command launcher's cheat sheets (one fenced command
per entry, `<placeholders>` instantiated).

upstream: https://github.com/Orange-Cyberdefense/arsenal arsenal/data/cheats. Licence: GPL-3.0
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet`.
"""

from _common import head, ls
from _mdsheet import sheet_rows

SOURCE = "arsenal"
REPO = "Orange-Cyberdefense/arsenal"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO, "arsenal/data/cheats") if p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths)
