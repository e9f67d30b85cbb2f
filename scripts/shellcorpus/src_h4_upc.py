"""pentestmonkey/unix-privesc-check: a Unix privilege-escalation checker run after a foothold
(its main script and check modules, read line by line).

upstream: https://github.com/pentestmonkey/unix-privesc-check `upc.sh`, `lib/**` (shell).
Licence: GPL-2.0 (doc/COPYING.GPL). (used for evaluation only; nothing of it is committed).
labelling: `_h4.script_danger` (as `src_h2_enumscripts`); only lines `_label.label` decides are kept.
"""

from _common import ls
from _h4 import script_danger

SOURCE = "unix-privesc-check"
REPO = "pentestmonkey/unix-privesc-check"
SIDE = "dangerous"


def rows():
    paths = ["upc.sh"] + [p for p in ls(REPO, "lib") if "/enabled/" not in p]
    yield from script_danger(SOURCE, REPO, paths)
