"""Recipe lines of Makefiles and justfiles in popular developer repositories (`_devrepos`):
`@`/`-` prefixes dropped; lines using make/just variables (`$(…)` of a variable, `{{…}}`) or
`$$` are skipped, since their value is not known here.

upstream: https://github.com/<repo>/blob/<commit>/**/{Makefile,justfile}. Licences: the repos'.
labelling: `benign_row` (category `make-recipe`).
"""

import re

from _common import benign_row, blob_url, head, logical_lines, ls, show
from _devrepos import available

SOURCE = "makefiles"
SIDE = "benign"


def rows(repos=None, source=SOURCE):
    """Rows of `repos` (default: `_devrepos.available()`) under the name `source`."""
    for repo in (available() if repos is None else repos):
        commit = head(repo)
        for path in ls(repo):
            base = path.rsplit("/", 1)[-1]
            if base not in ("Makefile", "makefile", "GNUmakefile", "justfile", "Justfile", ".justfile"):
                continue
            text = show(repo, path)
            just = "just" in base.lower()
            body = []
            for raw in text.split("\n"):
                if raw.startswith("\t") or (just and raw.startswith("    ")):
                    body.append(raw.strip())
                else:
                    body.append("")
            for n, line in logical_lines(body):
                line = line.lstrip("@-+ ").strip()
                if re.search(r"\$\((?!shell\b)[A-Za-z_@<^*]|\$\{[A-Z_]+\}|\$\$|\{\{|\$[@<^*]", line):
                    continue
                r = benign_row(source, line, blob_url(repo, commit, path, n), "make-recipe")
                if r:
                    yield r
