"""r1cksec/cheatsheets: a pentester's command notes (Linux tools, exploits, snippets, misc).

upstream: https://github.com/r1cksec/cheatsheets. Licence: none stated.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet`.
"""

from _common import head, ls
from _mdsheet import sheet_rows

SOURCE = "r1cksec-cheatsheets"
REPO = "r1cksec/cheatsheets"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".md") and p.split("/")[0] in ("linux", "exploit", "snippet", "other")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths)
