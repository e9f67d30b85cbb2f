"""Azure red-team notes: Kyuu-Ji/Awesome-Azure-Pentest (GPL-3.0) and rootsecdev/Azure-Red-Team
(none stated), the `az` / Linux command lines of their markdown pages.

upstream: https://github.com/Kyuu-Ji/Awesome-Azure-Pentest `README.md`,
https://github.com/rootsecdev/Azure-Red-Team `**/*.md`.
(used for evaluation only; nothing of them is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 5).
"""

from _common import ls
from _h4 import md_danger

SOURCE = "azure-redteam"
REPOS = ["Kyuu-Ji/Awesome-Azure-Pentest", "rootsecdev/Azure-Red-Team"]
REPO = REPOS[0]
SIDE = "dangerous"


def rows():
    for repo in REPOS:
        yield from md_danger(SOURCE, repo, [p for p in ls(repo) if p.lower().endswith(".md")])
