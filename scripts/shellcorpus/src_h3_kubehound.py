"""DataDog/KubeHound: the attack reference of a Kubernetes attack-graph tool (each attack with its commands).

upstream: https://github.com/DataDog/KubeHound `docs/**/*.md`, commit 53da187ac341dcbc6c4e1c96a5da516d041d1000. Licence: Apache-2.0.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 3).
"""

from _common import head, ls
from _mdsheet import sheet_rows, LANGS

SOURCE = "kubehound-attacks"
REPO = "DataDog/KubeHound"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths, LANGS | {"rst"})
