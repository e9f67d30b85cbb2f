"""InternalAllTheThings: the red-team half of PayloadsAllTheThings' author (shell cheat sheets,
Linux persistence, evasion, privilege escalation). Rows whose command also appears in `patt`
are dropped by build.py, so the two sources do not share commands.

upstream: https://github.com/swisskyrepo/InternalAllTheThings. Licence: MIT (per the author's
README; no LICENSE file in the tree).
labelling: `_mdsheet`.
"""

from _common import head, ls
from _mdsheet import sheet_rows

SOURCE = "iatt"
REPO = "swisskyrepo/InternalAllTheThings"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO, "docs") if p.endswith(".md") and any(
        k in p for k in ("linux", "shell-", "container", "docker", "kubernetes", "cloud/aws"))]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths)
