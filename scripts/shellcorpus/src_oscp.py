"""0xsyr0/OSCP: an OSCP/CTF cheat sheet (enumeration, exploitation, post-exploitation).

upstream: https://github.com/0xsyr0/OSCP README.md. Licence: MIT.
labelling: `_mdsheet`.
"""

from _common import head
from _mdsheet import sheet_rows

SOURCE = "oscp"
REPO = "0xsyr0/OSCP"
SIDE = "dangerous"


def rows():
    yield from sheet_rows(SOURCE, REPO, head(REPO), ["README.md"])
