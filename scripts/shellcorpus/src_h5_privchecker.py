"""linuxprivchecker: a Linux privilege-escalation enumeration script; its command table
(`"cmd": "…"` entries).

upstream: https://github.com/sleventyeleven/linuxprivchecker `linuxprivchecker.py`.
Licence: see its LICENSE file at the commit in MANIFEST.json. (used for evaluation only; nothing of
it is committed).
labelling: each `cmd` string; only those `_label.label` decides are kept (held-out set 5).
"""

import re

from _common import blob_url, danger_row, head, show

SOURCE = "linuxprivchecker"
REPO = "sleventyeleven/linuxprivchecker"
SIDE = "dangerous"
PATH = "linuxprivchecker.py"


def rows():
    commit = head(REPO)
    for n, line in enumerate(show(REPO, PATH).split("\n"), 1):
        for m in re.finditer(r"""["']cmd["']\s*:\s*"((?:[^"\\]|\\.)*)\"""", line):
            cmd = m.group(1).replace('\\"', '"').replace("\\\\", "\\")
            r = danger_row(SOURCE, cmd, blob_url(REPO, commit, PATH, n))
            if r:
                yield r
