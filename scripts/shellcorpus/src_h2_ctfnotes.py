"""0xb120's cheat sheets and CTF notes (web and network hacking, tools, services, OS, cloud).

upstream: https://github.com/0xb120/cheatsheets_and_ctf-notes. Licence: none stated.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet`.
"""

from _common import head, ls
from _mdsheet import sheet_rows

SOURCE = "ctf-notes"
REPO = "0xb120/cheatsheets_and_ctf-notes"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO, "Dev, ICT & Cybersec") if p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths)
