"""Red Team notes (ired.team): offensive-security techniques and experiments, one page per
technique (Windows pages give no rows: `_label.is_windows` drops their commands).

upstream: https://github.com/mantvydasb/RedTeaming-Tactics-and-Techniques `**/*.md`.
Licence: none stated. (used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 5).
"""

from _h4 import md_danger, md_paths

SOURCE = "ired-team"
REPO = "mantvydasb/RedTeaming-Tactics-and-Techniques"
SIDE = "dangerous"


def rows():
    yield from md_danger(SOURCE, REPO, md_paths(REPO))
