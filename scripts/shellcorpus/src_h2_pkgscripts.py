"""Held-out set 2: the `src_pkgscripts` extractor (same rules) over the developer repositories of
`_devrepos2` (none of them in the main corpus). Licences: the repos' (see `_devrepos2`).
labelling: `benign_row`, as in `src_pkgscripts`.
"""

import src_pkgscripts
from _devrepos2 import available

SOURCE = "h2-package-scripts"
SIDE = "benign"


def rows():
    yield from src_pkgscripts.rows(available(), SOURCE)
