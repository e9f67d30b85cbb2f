"""DataDog/stratus-red-team: attack-technique pages of a cloud adversary-emulation tool (AWS,
Azure, GCP, Kubernetes, EKS; detonation and detection notes).

upstream: https://github.com/DataDog/stratus-red-team `docs/**/*.md`. Licence: Apache-2.0.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 4).
"""

from _h4 import md_danger, md_paths

SOURCE = "stratus-red-team"
REPO = "DataDog/stratus-red-team"
SIDE = "dangerous"


def rows():
    yield from md_danger(SOURCE, REPO, md_paths(REPO, "docs"))
