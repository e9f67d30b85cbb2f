"""BishopFox badPods: Kubernetes pod specs that escalate to the node, with the commands to use each.

upstream: https://github.com/BishopFox/badPods. Licence: MIT.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet`.
"""

from _common import head, ls
from _mdsheet import sheet_rows

SOURCE = "badpods"
REPO = "BishopFox/badPods"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths)
