"""Held-out set 2: the `src_makefiles` extractor (same rules) over the developer repositories of
`_devrepos2` (none of them in the main corpus). Licences: the repos' (see `_devrepos2`).
labelling: `benign_row`, as in `src_makefiles`.
"""

import src_makefiles
from _devrepos2 import available

SOURCE = "h2-makefiles"
SIDE = "benign"


def rows():
    yield from src_makefiles.rows(available(), SOURCE)
