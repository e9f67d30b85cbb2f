"""Held-out set 2: the `src_workflows` extractor (same rules) over the developer repositories of
`_devrepos2` (none of them in the main corpus). Licences: the repos' (see `_devrepos2`).
labelling: `benign_row`, as in `src_workflows`.
"""

import src_workflows
from _devrepos2 import available

SOURCE = "h2-gh-workflows"
SIDE = "benign"


def rows():
    yield from src_workflows.rows(available(), SOURCE)
