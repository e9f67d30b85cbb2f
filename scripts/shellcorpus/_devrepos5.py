"""Held-out set 5 (`build.py --set heldout5`): developer repositories in none of `_devrepos`,
`_devrepos2`, `_devrepos3`, `_devrepos4`, whose CI steps, package scripts, Makefiles, READMEs and
shell scripts are benign sources of that set, read by the main corpus' extractors. Licences at the
commits in the heldout5 MANIFEST.json: Apache-2.0 or MIT (sharkdp/hyperfine), MIT
(ajeetdsouza/zoxide, direnv/direnv, pyenv/pyenv, pypa/pipx, dandavison/delta, asdf-vm/asdf),
BSD-2-Clause (Homebrew/install), BSD-3-Clause (httpie/cli, encode/starlette)."""

import os

from _common import MIRRORS

DEV_REPOS_5 = [
    "sharkdp/hyperfine", "ajeetdsouza/zoxide", "direnv/direnv", "pyenv/pyenv", "Homebrew/install",
    "pypa/pipx", "httpie/cli", "encode/starlette", "asdf-vm/asdf", "dandavison/delta",
]


def available():
    return [r for r in DEV_REPOS_5 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
