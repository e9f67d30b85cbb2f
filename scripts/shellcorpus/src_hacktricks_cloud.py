"""HackTricks Cloud: the AWS/GCP/Azure/Kubernetes/CI pentesting book (enumeration, privilege
escalation, persistence, post-exploitation pages).

upstream: https://github.com/HackTricks-wiki/hacktricks-cloud src/**/*.md. Licence: no licence
file in the tree (HackTricks' own terms); evaluation only, nothing committed.
labelling: `_mdsheet` (cloud deletions → ask, metadata credential fetches → deny, …).
"""

from _common import head, ls
from _mdsheet import sheet_rows

SOURCE = "hacktricks-cloud"
REPO = "HackTricks-wiki/hacktricks-cloud"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO, "src") if p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths)
