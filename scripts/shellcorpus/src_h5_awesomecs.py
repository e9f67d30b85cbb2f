"""LeCoupa/awesome-cheatsheets: its shell-file cheat sheets (bash, git, docker, aws, curl, macOS,
Ubuntu, heroku, nginx, pm2, databases) and the shell blocks of its markdown sheets.

upstream: https://github.com/LeCoupa/awesome-cheatsheets `{languages,tools,databases}/*.sh`, `*.md`.
Licence: MIT. (used for evaluation only; nothing of it is committed).
labelling (lines filtered by `_h4.filtered`): `benign_row` (category `cheatsheet`).
"""

from _common import ls
from _h4 import filtered, md_benign
from _h5 import sh_sheet_benign

SOURCE = "awesome-cheatsheets"
REPO = "LeCoupa/awesome-cheatsheets"
SIDE = "benign"


def rows():
    paths = ls(REPO)
    yield from filtered(sh_sheet_benign(SOURCE, REPO, [p for p in paths if p.endswith(".sh") and not p.startswith(".")], "cheatsheet"))
    yield from filtered(md_benign(SOURCE, REPO, [p for p in paths if p.endswith(".md") and "/" in p], "cheatsheet"))
