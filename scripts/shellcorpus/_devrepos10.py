"""Held-out set 10 (`build.py --set heldout10`): developer repositories in none of `_devrepos`,
`_devrepos2` … `_devrepos9`, whose CI steps, package scripts, Makefiles, READMEs and shell scripts
are benign sources of that set, read by the main corpus' extractors. Licences (LICENSE files at the
commits in the heldout10 MANIFEST.json): see README.md, "Held-out set 10"."""

import os

from _common import MIRRORS

DEV_REPOS_10 = [
    "gohugoio/hugo", "pnpm/pnpm", "ansible/ansible", "getsops/sops", "FiloSottile/age", "pypa/hatch",
    "syncthing/syncthing", "tailwindlabs/tailwindcss", "jesseduffield/lazydocker", "numpy/numpy", "biomejs/biome",
]


def available():
    return [r for r in DEV_REPOS_10 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
