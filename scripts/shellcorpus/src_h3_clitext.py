"""learnbyexample/Command-line-text-processing: chapters on grep, sed, awk, perl one-liners,
sort/uniq, file attributes and more, with `$ `-prompted examples and their output.

upstream: https://github.com/learnbyexample/Command-line-text-processing `*.md`, commit
ce56c851f078469736bbe51a6938c21cc934022e. Licence: CC BY-NC-SA 4.0 (README).
(used for evaluation only; nothing of it is committed).
labelling: `_h3.md_benign_rows` with prompted lines only / `benign_row` (category `text-processing`).
"""

from _common import head, ls
from _h3 import md_benign_rows

SOURCE = "cli-text-processing"
REPO = "learnbyexample/Command-line-text-processing"
SIDE = "benign"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".md")]
    yield from md_benign_rows(SOURCE, REPO, head(REPO), paths, "text-processing", prompted_only=True)
