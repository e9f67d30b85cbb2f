"""Held-out set 2: the `src_readmes` extractor (same rules) over the developer repositories of
`_devrepos2` (none of them in the main corpus). Licences: the repos' (see `_devrepos2`).
labelling: `benign_row`, as in `src_readmes`.
"""

import src_readmes
from _devrepos2 import available

SOURCE = "h2-readme-commands"
SIDE = "benign"


def rows():
    yield from src_readmes.rows(available(), SOURCE)
