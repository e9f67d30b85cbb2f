"""dennyzhang/cheatsheet-kubernetes-A4: the kubectl cheat sheet's command cells (`=cmd=` spans
of its org-mode tables).

upstream: https://github.com/dennyzhang/cheatsheet-kubernetes-A4 `README.org`.
Licence: none stated. (used for evaluation only; nothing of it is committed).
labelling (lines filtered by `_h4.filtered`): `benign_row` (category `cheatsheet`): the deletions
the rule calls cloud deletions keep that label (ask), the rest allow.
"""

import re

from _common import benign_row, blob_url, fill_angle, head, show, uses_outside_vars
from _h3 import command_like
from _h4 import filtered

SOURCE = "k8s-cheatsheet-a4"
REPO = "dennyzhang/cheatsheet-kubernetes-A4"
SIDE = "benign"


def _rows():
    commit = head(REPO)
    for n, line in enumerate(show(REPO, "README.org").split("\n"), 1):
        if not line.startswith("|"):
            continue
        for m in re.finditer(r"(?:^|[\s|,])=([^=|][^|]*?)=(?=[\s|,]|$)", line):
            cmd = fill_angle(m.group(1).strip())
            if len(cmd.split()) < 2 or not command_like(cmd) or uses_outside_vars(cmd):
                continue
            r = benign_row(SOURCE, cmd, blob_url(REPO, commit, "README.org", n), "cheatsheet")
            if r:
                yield r


def rows():
    yield from filtered(_rows())
