"""JohnHammond/ctf-katana: a CTF tool and technique reference (CTF write-up notes).

upstream: https://github.com/JohnHammond/ctf-katana `README.md`. Licence: none stated.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 4).
"""

from _h4 import md_danger

SOURCE = "ctf-katana"
REPO = "JohnHammond/ctf-katana"
SIDE = "dangerous"


def rows():
    yield from md_danger(SOURCE, REPO, ["README.md"])
