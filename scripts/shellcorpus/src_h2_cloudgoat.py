"""Rhino Security Labs' CloudGoat: the walkthrough cheat sheets of its vulnerable-by-design AWS scenarios.

upstream: https://github.com/RhinoSecurityLabs/cloudgoat. Licence: BSD-3-Clause.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet`.
"""

from _common import head, ls
from _mdsheet import sheet_rows

SOURCE = "cloudgoat"
REPO = "RhinoSecurityLabs/cloudgoat"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO, "cloudgoat/scenarios") if p.rsplit("/", 1)[-1].startswith("cheat_sheet") and p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths)
