"""Tib3rius/Pentest-Cheatsheets: pentest cheat sheets in reStructuredText (enumeration,
exploitation, Linux privilege escalation, shells).

upstream: https://github.com/Tib3rius/Pentest-Cheatsheets `**/*.rst`, commit
26a28dd9d4f47361348fe9b14f32d8e3570311e6. Licence: GPL-3.0.
(used for evaluation only; nothing of it is committed).
labelling: `_h3.rst_rows` (lines of literal blocks); only lines `_label.label` decides are kept.
"""

from _common import head, ls
from _h3 import rst_rows

SOURCE = "tib3rius-sheets"
REPO = "Tib3rius/Pentest-Cheatsheets"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".rst")]
    yield from rst_rows(SOURCE, REPO, head(REPO), paths)
