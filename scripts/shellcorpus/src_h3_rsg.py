"""mthbernardes/rsg (reverse shell generator): its table of reverse-shell one-liners
(`shells.txt`, `NAME|command` lines with `[IPADDR]`/`[PORT]` placeholders, filled).

upstream: https://github.com/mthbernardes/rsg shells.txt, commit
c7628a975e98e4ca1eac6543ade978e0951f8844. Licence: MIT.
(used for evaluation only; nothing of it is committed).
labelling: `danger_row` (the rule must decide; Windows lines are skipped).
"""

from _common import blob_url, danger_row, fill_angle, head, show

SOURCE = "rsg-shells"
REPO = "mthbernardes/rsg"
SIDE = "dangerous"
PATH = "shells.txt"


def rows():
    commit = head(REPO)
    for n, line in enumerate(show(REPO, PATH).split("\n"), 1):
        if "|" not in line:
            continue
        cmd = fill_angle(line.split("|", 1)[1].strip())
        r = danger_row(SOURCE, cmd, blob_url(REPO, commit, PATH, n))
        if r:
            yield r
