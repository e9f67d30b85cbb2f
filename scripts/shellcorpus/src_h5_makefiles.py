"""Held-out set 5: the `src_makefiles` extractor (same rules) over the developer repositories of
`_devrepos5` (none of them in the main corpus sets 2-4). Licences and commits: see `_devrepos5`
and the heldout5 MANIFEST.json.
labelling (lines filtered by `_h4.filtered`): `benign_row`, as in `src_makefiles`.
"""

from _h4 import filtered

import src_makefiles
from _devrepos5 import available

SOURCE = "h5-makefiles"
SIDE = "benign"


def rows():
    yield from filtered(src_makefiles.rows(available(), SOURCE))
