"""Held-out set 15 (`build.py --set heldout15`): developer repositories in none of `_devrepos`,
`_devrepos2` … `_devrepos13` (set 14 had none) nor any other `src_*.py` list: the command-line tools
whose documentation is a source of set 15 (cloud, deploy, database and backup CLIs), read here as
projects: their CI steps, package scripts, Makefiles, READMEs and contributor guides, and shell
scripts, by the main corpus' extractors. Licences (LICENSE/COPYING files at the commits in the
heldout15 MANIFEST.json): see README.md, "Held-out set 15"."""

import os

from _common import MIRRORS

DEV_REPOS_15 = [
    "heroku/cli", "netlify/cli", "supabase/cli", "planetscale/cli", "digitalocean/doctl", "kopia/kopia",
    "borgbackup/borg", "zrepl/zrepl", "argoproj/argo-workflows", "bup/bup",
]


def available():
    """The repositories of `DEV_REPOS_15` whose `fetch` mirror is present (in list order)."""
    return [r for r in DEV_REPOS_15 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
