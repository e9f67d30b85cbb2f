"""andrewjkerr/security-cheatsheets: one plain-text cheat sheet per tool (nmap, hydra, john,
ncat, reverse_shell, pivoting, …).

upstream: https://github.com/andrewjkerr/security-cheatsheets (extension-less sheets), commit
44a61744cb3b13f32be337ca1b322e8103f07290. Licence: MIT.
(used for evaluation only; nothing of it is committed).
labelling: `_h3.text_rows`; only lines `_label.label` decides are kept.
"""

from _common import head, ls
from _h3 import text_rows

SOURCE = "andrewjkerr-sheets"
REPO = "andrewjkerr/security-cheatsheets"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if "." not in p]
    yield from text_rows(SOURCE, REPO, head(REPO), paths)
