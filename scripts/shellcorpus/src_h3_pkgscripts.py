"""Held-out set 3: the `src_pkgscripts` extractor (same rules) over the developer repositories of
`_devrepos3` (none of them in the main corpus or set 2). Licences and commits: see `_devrepos3`
and the heldout3 MANIFEST.json.
labelling (lines filtered by `_h3.command_like`): `benign_row`, as in `src_pkgscripts`.
"""

from _h3 import filtered

import src_pkgscripts
from _devrepos3 import available

SOURCE = "h3-package-scripts"
SIDE = "benign"


def rows():
    yield from filtered(src_pkgscripts.rows(available(), SOURCE))
