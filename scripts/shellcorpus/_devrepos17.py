"""Held-out set 17 (`build.py --set heldout17`): developer repositories in none of `_devrepos` …
`_devrepos16` nor any other `src_*.py` list: command-line tools whose documentation is a source of set 17
(cloud, instance, cluster and storage CLIs), read here as projects: their CI steps, package scripts,
Makefiles, READMEs and contributor guides, and shell scripts, by the main corpus' extractors. Licences
(LICENSE files at the commits in the heldout17 MANIFEST.json): see README.md, "Held-out set 17"."""

import os

from _common import MIRRORS

DEV_REPOS_17 = [
    "civo/cli", "vultr/vultr-cli", "exoscale/cli", "aliyun/aliyun-cli", "Backblaze/B2_Command_Line_Tool",
    "crc-org/crc", "canonical/multipass", "kubernetes/minikube", "GoogleContainerTools/skaffold", "aws/copilot-cli",
    "siderolabs/talos",
]


def available():
    """The repositories of `DEV_REPOS_17` whose `fetch` mirror is present (in list order)."""
    return [r for r in DEV_REPOS_17 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
