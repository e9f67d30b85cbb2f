"""Held-out set 2 (`build.py --set heldout2`): developer repositories that are not among
`_devrepos.DEV_REPOS`, whose CI steps, package scripts, Makefiles, READMEs and shell scripts are
the benign side of that set, read by the same extractors as the main corpus. Licences (at the
commits in the heldout2 MANIFEST.json): MIT for sharkdp/bat (also Apache-2.0),
BurntSushi/ripgrep (also Unlicense), junegunn/fzf, cli/cli, fastapi/fastapi, vitejs/vite,
prettier/prettier, nvm-sh/nvm; BSD-3-Clause for pallets/flask; Apache-2.0 for docker/compose."""

import os

from _common import MIRRORS

DEV_REPOS_2 = [
    "sharkdp/bat", "BurntSushi/ripgrep", "junegunn/fzf", "cli/cli", "pallets/flask",
    "fastapi/fastapi", "vitejs/vite", "prettier/prettier", "nvm-sh/nvm", "docker/compose",
]


def available():
    return [r for r in DEV_REPOS_2 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
