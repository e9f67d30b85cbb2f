"""Held-out set 5: four small pentest notebooks and cheat sheets in markdown, one source each
(`SOURCES`), read the same way. Licences: none stated (dostoevskylabs, CountablyInfinite,
NoorQureshi), BSD-3-Clause (bluscreenofjeff). (used for evaluation only; nothing of them is
committed).

upstream: https://github.com/dostoevskylabs/dostoevsky-pentest-notes `*.md` (pentest notes),
https://github.com/CountablyInfinite/oscp_cheatsheet `readme.md` (OSCP cheat sheet),
https://github.com/NoorQureshi/kali-linux-cheatsheet `README.md` (Kali commands),
https://github.com/bluscreenofjeff/Red-Team-Infrastructure-Wiki `README.md` (redirectors, C2
and phishing infrastructure).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept.
"""

from _common import ls
from _h4 import md_danger

SIDE = "dangerous"
SOURCES = {
    "dostoevsky-notes": "dostoevskylabs/dostoevsky-pentest-notes",
    "oscp-cheatsheet-ci": "CountablyInfinite/oscp_cheatsheet",
    "kali-cheatsheet": "NoorQureshi/kali-linux-cheatsheet",
    "redteam-infra-wiki": "bluscreenofjeff/Red-Team-Infrastructure-Wiki",
}


def rows_of(source):
    repo = SOURCES[source]
    yield from md_danger(source, repo, [p for p in ls(repo) if p.lower().endswith(".md")])
