"""xapax/security: a pentester's gitbook (enumeration, exploitation, privilege escalation notes).

upstream: https://github.com/xapax/security `**/*.md`, commit 14e86bca45da314853c5895387683982ae6d0b7d. Licence: none stated.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 3).
"""

from _common import head, ls
from _mdsheet import sheet_rows, LANGS

SOURCE = "xapax-security"
REPO = "xapax/security"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths, LANGS | {"rst"})
