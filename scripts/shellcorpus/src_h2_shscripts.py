"""Held-out set 2: the `src_shscripts` extractor (same rules) over the developer repositories of
`_devrepos2` (none of them in the main corpus). Licences: the repos' (see `_devrepos2`).
labelling: `benign_row`, as in `src_shscripts`. Highlighting fixtures (sharkdp/bat's
`tests/syntax-tests/`, shell text with terminal escape codes, not scripts) are left out.
"""

import src_shscripts
from _devrepos2 import available

SOURCE = "h2-project-scripts"
SIDE = "benign"


def rows():
    for r in src_shscripts.rows(available(), SOURCE):
        if "/syntax-tests/" not in r["upstream"] and "\x1b" not in r["command"]:
            yield r
