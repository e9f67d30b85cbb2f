"""trimstray/the-book-of-secret-knowledge: the one-liners section of a sysadmin/pentest
handbook; only lines `_label.label` calls dangerous are kept (its everyday one-liners are
admin commands whose right answer is unclear, so the benign side is not taken).

upstream: https://github.com/trimstray/the-book-of-secret-knowledge README.md. Licence: MIT.
labelling: `_mdsheet`.
"""

from _common import head
from _mdsheet import sheet_rows

SOURCE = "book-secret-knowledge"
REPO = "trimstray/the-book-of-secret-knowledge"
SIDE = "dangerous"


def rows():
    yield from sheet_rows(SOURCE, REPO, head(REPO), ["README.md"])
