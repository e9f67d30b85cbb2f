"""Held-out set 4: the `src_readmes` extractor (same rules) over the developer repositories of
`_devrepos4` (none of them in the main corpus set 2 or set 3). Licences and commits: see `_devrepos4`
and the heldout4 MANIFEST.json.
labelling (lines filtered by `_h4.filtered`): `benign_row`, as in `src_readmes`.
"""

from _h4 import filtered

import src_readmes
from _devrepos4 import available

SOURCE = "h4-readme-commands"
SIDE = "benign"


def rows():
    yield from filtered(src_readmes.rows(available(), SOURCE))
