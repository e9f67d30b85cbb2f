"""Held-out set 8 (`build.py --set heldout8`): developer repositories in none of `_devrepos`,
`_devrepos2` … `_devrepos7`, whose CI steps, package scripts, Makefiles, READMEs and shell
scripts are benign sources of that set, read by the main corpus' extractors. Licences at the
commits in the heldout8 MANIFEST.json: Apache-2.0 (docker/cli, argoproj/argo-cd), GPL-2.0
(fish-shell/fish-shell), MIT (goreleaser/goreleaser, pydantic/pydantic), Artistic-2.0 (npm/cli)."""

import os

from _common import MIRRORS

DEV_REPOS_8 = [
    "docker/cli", "fish-shell/fish-shell", "goreleaser/goreleaser", "npm/cli", "pydantic/pydantic",
    "argoproj/argo-cd",
]


def available():
    return [r for r in DEV_REPOS_8 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
