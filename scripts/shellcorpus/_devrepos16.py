"""Held-out set 16 (`build.py --set heldout16`): developer repositories in none of `_devrepos` …
`_devrepos15` nor any other `src_*.py` list: command-line tools whose documentation is a source of set 16
(cloud, cluster, backup and board CLIs) and a data-science framework, read here as projects: their CI
steps, package scripts, Makefiles, READMEs and contributor guides, and shell scripts, by the main
corpus' extractors. Licences (LICENSE files at the commits in the heldout16 MANIFEST.json): see
README.md, "Held-out set 16"."""

import os

from _common import MIRRORS

DEV_REPOS_16 = [
    "hetznercloud/cli", "tektoncd/cli", "k3d-io/k3d", "containerd/nerdctl", "wal-g/wal-g", "linode/linode-cli",
    "arduino/arduino-cli", "kedro-org/kedro", "scaleway/scaleway-cli", "nix-community/disko",
]


def available():
    """The repositories of `DEV_REPOS_16` whose `fetch` mirror is present (in list order)."""
    return [r for r in DEV_REPOS_16 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
