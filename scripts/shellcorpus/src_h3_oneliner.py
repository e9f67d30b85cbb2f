"""onceupon/Bash-Oneliner: a collection of Bash one-liners for everyday terminal work
(grep/sed/awk/xargs/find/loops/system information), README.md fenced blocks.

upstream: https://github.com/onceupon/Bash-Oneliner README.md, commit
ed19fae72c02a33eb1742b0d0cfc91158f468c63. Licence: MIT.
(used for evaluation only; nothing of it is committed).
labelling: `_h3.md_benign_rows` / `benign_row` (category `oneliner`).
"""

from _common import head
from _h3 import md_benign_rows

SOURCE = "bash-oneliner"
REPO = "onceupon/Bash-Oneliner"
SIDE = "benign"


def rows():
    yield from md_benign_rows(SOURCE, REPO, head(REPO), ["README.md"], "oneliner")
