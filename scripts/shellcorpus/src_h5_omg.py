"""Keystroke-injection payloads of hak5/omg-payloads (O.MG cable), read as `src_h5_ducky` reads
the Rubber Ducky's: the `STRING` / `STRINGLN` lines typed into a Linux or macOS terminal.

upstream: https://github.com/hak5/omg-payloads `payloads/**/*.txt`. Licence: none stated at the root.
(used for evaluation only; nothing of it is committed).
labelling: as `src_h5_ducky` (held-out set 5).
"""

from _common import ls
from src_h5_ducky import typed_rows

SOURCE = "omg-payloads"
REPO = "hak5/omg-payloads"
SIDE = "dangerous"


def rows():
    yield from typed_rows(SOURCE, REPO, [p for p in ls(REPO, "payloads") if p.endswith(".txt")])
