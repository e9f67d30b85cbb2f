"""Held-out set 11 (`build.py --set heldout11`): developer repositories in none of `_devrepos`,
`_devrepos2` … `_devrepos10`, whose CI steps, package scripts, Makefiles, READMEs and shell scripts
are benign sources of that set, read by the main corpus' extractors. Licences (LICENSE files at the
commits in the heldout11 MANIFEST.json): see README.md, "Held-out set 11". jdx/mise was fetched and
left out before any extraction: it bundles another project's registry file that names an off-limits
source."""

import os

from _common import MIRRORS

DEV_REPOS_11 = [
    "restic/restic", "rclone/rclone", "gitleaks/gitleaks", "vuejs/core", "eslint/eslint", "evanw/esbuild",
    "rbenv/rbenv", "wez/wezterm",
]


def available():
    return [r for r in DEV_REPOS_11 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
