"""RoqueNight/Linux-Privilege-Escalation-Basics: a CTF-style Linux privilege-escalation guide.

upstream: https://github.com/RoqueNight/Linux-Privilege-Escalation-Basics README.md. Licence:
none stated (evaluation only; nothing committed).
labelling: `_mdsheet`.
"""

from _common import head
from _mdsheet import sheet_rows

SOURCE = "roquenight-privesc"
REPO = "RoqueNight/Linux-Privilege-Escalation-Basics"
SIDE = "dangerous"


def rows():
    yield from sheet_rows(SOURCE, REPO, head(REPO), ["README.md"])
