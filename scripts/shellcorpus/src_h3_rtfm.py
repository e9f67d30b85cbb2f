"""leostat/rtfm: the command database of a "Red Team Field Manual" tool (records of a command,
a comment, an author and tags, ended by `EOR`, in `updates/*.txt`).

upstream: https://github.com/leostat/rtfm updates/*.txt, commit
a807a8019994a7be9570b232a55d951d183af472. Licence: GPL-3.0.
(used for evaluation only; nothing of it is committed).
labelling: the first line of each record, `danger_row` (placeholders `[TERM]` filled); only
commands `_label.label` decides are kept.
"""

from _common import blob_url, head, ls, show
from _h3 import clean
from _common import danger_row

SOURCE = "rtfm-db"
REPO = "leostat/rtfm"
SIDE = "dangerous"


def rows():
    commit = head(REPO)
    for path in ls(REPO, "updates"):
        if not path.endswith(".txt"):
            continue
        first = True
        for n, line in enumerate(show(REPO, path).split("\n"), 1):
            if first and line.strip():
                r = danger_row(SOURCE, clean(line), blob_url(REPO, commit, path, n))
                if r:
                    yield r
                first = False
            if line.strip() == "EOR":
                first = True
