"""denisidoro/cheats: the featured cheat sheets of the navi command-line cheat-sheet tool.

upstream: https://github.com/denisidoro/cheats `**/*.cheat`. Licence: CC0-1.0.
(used for evaluation only; nothing of it is committed).
labelling (lines filtered by `_h4.filtered`): `benign_row` (category `cheatsheet`).
"""

from _common import ls
from _h4 import filtered, navi_rows

SOURCE = "navi-cheats"
REPO = "denisidoro/cheats"
SIDE = "benign"


def rows():
    yield from filtered(navi_rows(SOURCE, REPO, [p for p in ls(REPO) if p.endswith(".cheat")], "cheatsheet"))
