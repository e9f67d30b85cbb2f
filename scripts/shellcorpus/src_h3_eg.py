"""srsudar/eg: the example pages of the `eg` program (one markdown page per command; examples
are 4-space-indented lines under a one-line description).

upstream: https://github.com/srsudar/eg eg/examples/*.md, commit
83e069c9e4f99b1052b69546726919a884138715. Licence: MIT.
(used for evaluation only; nothing of it is committed).
labelling (lines filtered by `_h3.command_like`): `benign_row` (category `eg-example`), lines kept when they read as a command
(`_cheatsheet.looks_like_command`) and read no variable set elsewhere.
"""

from _h3 import filtered

from _cheatsheet import looks_like_command
from _common import benign_row, blob_url, head, logical_lines, ls, show, strip_prompt, uses_outside_vars

SOURCE = "eg-examples"
REPO = "srsudar/eg"
SIDE = "benign"


def rows():
    yield from filtered(_rows())


def _rows():
    commit = head(REPO)
    for path in ls(REPO, "eg/examples"):
        if not path.endswith(".md"):
            continue
        lines = show(REPO, path).split("\n")
        ind = [l[4:] if l.startswith("    ") else "" for l in lines]
        for n, line in logical_lines(ind):
            p = strip_prompt(line.strip())
            cmd = (p if p is not None else line).strip()
            if not looks_like_command(cmd) or uses_outside_vars(cmd):
                continue
            r = benign_row(SOURCE, cmd, blob_url(REPO, commit, path, n), "eg-example")
            if r:
                yield r
