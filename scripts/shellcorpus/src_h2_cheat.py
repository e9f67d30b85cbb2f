"""cheat/cheatsheets (the community sheets of the `cheat` program): every sheet at the top of the
repository (YAML front matter skipped). Many sheets were copied into chubin/cheat.sheets; a
command already taken from there (build order) is dropped here.

upstream: https://github.com/cheat/cheatsheets. Licence: none stated in the repository at this
commit (used for evaluation only; nothing of it is committed).
labelling: `_cheatsheet` / `benign_row` (category `cheatsheet`).
"""

from _cheatsheet import cheat_rows
from _common import head, ls, show

SOURCE = "cheat-cheatsheets"
REPO = "cheat/cheatsheets"
SIDE = "benign"


def rows():
    paths = [p for p in ls(REPO) if "/" not in p and not p.startswith(".") and "." not in p]
    yield from cheat_rows(SOURCE, REPO, head(REPO), paths, "cheatsheet", show)
