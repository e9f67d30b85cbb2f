"""PwnWiki: a post-exploitation command reference (Linux/macOS/multi persistence, privilege
escalation, pivoting, presence; the mdwiki viewer and Windows pages left out).

upstream: https://github.com/pwnwiki/pwnwiki.github.io `**/*.md`. Licence: MIT.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines and command cells of tables (`_h4.table_danger`); only lines `_label.label` decides are kept (held-out set 4).
"""

from _h4 import md_danger, md_paths, table_danger

SOURCE = "pwnwiki"
REPO = "pwnwiki/pwnwiki.github.io"
SIDE = "dangerous"


def rows():
    paths = md_paths(REPO, skip=("mdwiki", "windows", "_templates"))
    yield from md_danger(SOURCE, REPO, paths)
    yield from table_danger(SOURCE, REPO, paths)
