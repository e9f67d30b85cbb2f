"""frizb/Linux-Privilege-Escalation: a CTF-style Linux privilege-escalation walkthrough.

upstream: https://github.com/frizb/Linux-Privilege-Escalation README.md. Licence: none stated
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet`.
"""

from _common import head
from _mdsheet import sheet_rows

SOURCE = "frizb-privesc"
REPO = "frizb/Linux-Privilege-Escalation"
SIDE = "dangerous"


def rows():
    yield from sheet_rows(SOURCE, REPO, head(REPO), ["README.md"])
