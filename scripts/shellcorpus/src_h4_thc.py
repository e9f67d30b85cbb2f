"""The Hacker's Choice tips, tricks and hacks cheat sheet (Linux post-exploitation: hiding,
persistence, shells, exfiltration, credential theft).

upstream: https://github.com/hackerschoice/thc-tips-tricks-hacks-cheat-sheet `README.md`.
Licence: none stated. (used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 4).
"""

from _h4 import md_danger

SOURCE = "thc-tips"
REPO = "hackerschoice/thc-tips-tricks-hacks-cheat-sheet"
SIDE = "dangerous"


def rows():
    yield from md_danger(SOURCE, REPO, ["README.md"])
