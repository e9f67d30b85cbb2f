"""security-cheatsheet/reverse-shell-cheatsheet: reverse shells per language.

upstream: https://github.com/security-cheatsheet/reverse-shell-cheatsheet README.md. Licence: MIT.
labelling: `_mdsheet`.
"""

from _common import head
from _mdsheet import sheet_rows

SOURCE = "revshell-cheatsheet"
REPO = "security-cheatsheet/reverse-shell-cheatsheet"
SIDE = "dangerous"


def rows():
    yield from sheet_rows(SOURCE, REPO, head(REPO), ["README.md"])
