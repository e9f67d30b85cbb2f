"""Kubernetes Goat: the scenario guides of a vulnerable-by-design Kubernetes cluster (container escape, secrets, RBAC, metadata, …).

upstream: https://github.com/madhuakula/kubernetes-goat. Licence: MIT.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet`.
"""

from _common import head, ls
from _mdsheet import sheet_rows

SOURCE = "kubernetes-goat"
REPO = "madhuakula/kubernetes-goat"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".md") and "scenarios" in p]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths)
