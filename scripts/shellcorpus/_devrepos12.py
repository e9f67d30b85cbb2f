"""Held-out set 12 (`build.py --set heldout12`): developer repositories in none of `_devrepos`,
`_devrepos2` … `_devrepos11`, whose CI steps, package scripts, Makefiles, READMEs and shell scripts
are benign sources of that set, read by the main corpus' extractors. Licences (LICENSE files at the
commits in the heldout12 MANIFEST.json): see README.md, "Held-out set 12"."""

import os

from _common import MIRRORS

DEV_REPOS_12 = [
    "nushell/nushell", "withastro/astro", "grafana/k6", "sveltejs/svelte", "helm/helm", "kubernetes-sigs/kind",
]


def available():
    return [r for r in DEV_REPOS_12 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
