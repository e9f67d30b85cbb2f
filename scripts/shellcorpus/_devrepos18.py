"""Held-out set 18 (`build.py --set heldout18`): developer repositories in none of `_devrepos` …
`_devrepos17` nor any other `src_*.py` list: tools whose documentation is a source of set 18 (an
app platform, a scheduler, a container and VM manager, an infrastructure-as-code tool, a cloud CLI, a
database CLI, a Kubernetes distribution, a file system), read here as projects: their CI steps, package
scripts, Makefiles, READMEs and contributor guides, and shell scripts, by the main corpus' extractors.
Licences (LICENSE files at the commits in the heldout18 MANIFEST.json): see README.md, "Held-out set 18"."""

import os

from _common import MIRRORS

DEV_REPOS_18 = [
    "dokku/dokku", "canonical/lxd", "opentofu/opentofu", "oracle/oci-cli", "neondatabase/neonctl",
    "k0sproject/k0s", "juicedata/juicefs",
]


def available():
    """The repositories of `DEV_REPOS_18` whose `fetch` mirror is present (in list order)."""
    return [r for r in DEV_REPOS_18 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
