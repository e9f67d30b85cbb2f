"""TellinaTool/nl2bash: the NL2Bash data set's Bash one-liners (`data/bash/all.cm`, one command
a line, collected from Q&A sites and tutorials by the data set's authors): everyday file,
text, process and archive commands.

upstream: https://github.com/TellinaTool/nl2bash data/bash/all.cm, commit
466c5fe873ab08c7cc0112ea1521cc6ad9c20992. Licence: MIT (data/bash/LICENSE; the code is GPL-3.0).
(used for evaluation only; nothing of it is committed).
labelling (lines filtered by `_h3.command_like`): `benign_row` (category `nl2bash`): commands the rule calls dangerous keep that label,
unclear or placeholder-bearing ones and lines reading a variable set elsewhere are skipped.
"""

from _h3 import filtered

from _common import benign_row, blob_url, head, show, uses_outside_vars

SOURCE = "nl2bash"
REPO = "TellinaTool/nl2bash"
SIDE = "benign"
PATH = "data/bash/all.cm"


def rows():
    yield from filtered(_rows())


def _rows():
    commit = head(REPO)
    for n, line in enumerate(show(REPO, PATH).split("\n"), 1):
        cmd = line.strip()
        if not cmd or uses_outside_vars(cmd):
            continue
        r = benign_row(SOURCE, cmd, blob_url(REPO, commit, PATH, n), "nl2bash")
        if r:
            yield r
