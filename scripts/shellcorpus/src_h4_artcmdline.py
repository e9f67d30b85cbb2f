"""jlevy/the-art-of-command-line: a prose guide to the command line (English page only); its
commands are inline code spans and a few fenced blocks.

upstream: https://github.com/jlevy/the-art-of-command-line `README.md`. Licence: CC BY-SA 4.0.
(used for evaluation only; nothing of it is committed).
labelling (lines filtered by `_h4.filtered`): `benign_row` (category `guide`).
"""

from _h4 import filtered, inline_benign, md_benign

SOURCE = "art-of-command-line"
REPO = "jlevy/the-art-of-command-line"
SIDE = "benign"


def rows():
    yield from filtered(md_benign(SOURCE, REPO, ["README.md"], "guide"))
    yield from filtered(inline_benign(SOURCE, REPO, ["README.md"], "guide"))
