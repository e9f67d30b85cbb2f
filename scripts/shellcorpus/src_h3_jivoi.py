"""jivoi/pentest: a pentester's notes and helper scripts (notes/info/*.txt, Kali setup and
shell/tunnel scripts, enumeration notes); Windows folders (`*_win`) and binaries are left out.

upstream: https://github.com/jivoi/pentest (text files, `*.sh`, `*.md`), commit
13bf740bc6313215bab9dd84016725dc6248008d. Licence: none stated.
(used for evaluation only; nothing of it is committed).
labelling: `_h3.text_rows` for text/scripts, `_mdsheet` for markdown; only lines `_label.label`
decides are kept.
"""

import re

from _common import head, ls
from _h3 import text_rows
from _mdsheet import sheet_rows

SOURCE = "jivoi-pentest"
REPO = "jivoi/pentest"
SIDE = "dangerous"
SKIP = re.compile(r"win|\.(?:pdf|png|jpg|gif|py|c|rb|exe|zip|pl|ps1|rc|jar|bin|gz)$")


def rows():
    commit = head(REPO)
    files = [p for p in ls(REPO) if not SKIP.search(p)]
    yield from sheet_rows(SOURCE, REPO, commit, [p for p in files if p.endswith(".md")])
    yield from text_rows(SOURCE, REPO, commit, [p for p in files if not p.endswith(".md")])
