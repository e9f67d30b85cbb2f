"""rstacruz/cheatsheets (the sheets behind devhints.io): shell-tagged fenced blocks of every
sheet (tools, package managers, editors, git, docker, …).

upstream: https://github.com/rstacruz/cheatsheets `*.md`. Licence: MIT (README).
(used for evaluation only; nothing of it is committed).
labelling (lines filtered by `_h4.filtered`): `benign_row` (category `cheatsheet`).
"""

from _h4 import filtered, md_benign, md_paths

SOURCE = "devhints"
REPO = "rstacruz/cheatsheets"
SIDE = "benign"


def rows():
    paths = [p for p in md_paths(REPO) if "/" not in p]
    yield from filtered(md_benign(SOURCE, REPO, paths, "cheatsheet", ("sh", "bash", "shell", "console", "zsh")))
