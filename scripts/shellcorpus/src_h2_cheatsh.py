"""chubin/cheat.sheets (the community sheets behind cheat.sh): the command sheets at the top of
`sheets/` (one per program; the `_language` snippet folders are left out).

upstream: https://github.com/chubin/cheat.sheets sheets/*. Licence: MIT.
labelling: `_cheatsheet` / `benign_row` (category `cheatsheet`): examples the rule calls dangerous
keep that label, unclear or placeholder-bearing ones are skipped, the rest allow.
"""

from _cheatsheet import cheat_rows
from _common import head, ls, show

SOURCE = "cheat.sh-sheets"
REPO = "chubin/cheat.sheets"
SIDE = "benign"


def rows():
    paths = [p for p in ls(REPO, "sheets") if p.count("/") == 1 and not p.split("/")[1].startswith(("_", "."))]
    yield from cheat_rows(SOURCE, REPO, head(REPO), paths, "cheatsheet", show)
