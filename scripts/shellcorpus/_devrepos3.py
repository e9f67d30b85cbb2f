"""Held-out set 3 (`build.py --set heldout3`): developer repositories in neither `_devrepos` nor
`_devrepos2`, whose CI steps, package scripts, Makefiles, READMEs and shell scripts are benign
sources of that set, read by the main corpus' extractors. Licences at the commits in the heldout3
MANIFEST.json: MIT (psf/black, pytest-dev/pytest, tokio-rs/tokio, sveltejs/kit, expressjs/express,
jqlang/jq, jesseduffield/lazygit, python-poetry/poetry, pypa/pip), BSD-3-Clause (encode/httpx),
ISC (starship/starship), Apache-2.0 or MIT (sharkdp/fd, rust-lang/rustup), CC0-1.0 (casey/just)."""

import os

from _common import MIRRORS

DEV_REPOS_3 = [
    "psf/black", "pytest-dev/pytest", "encode/httpx", "tokio-rs/tokio", "sveltejs/kit",
    "expressjs/express", "jqlang/jq", "starship/starship", "sharkdp/fd", "casey/just",
    "python-poetry/poetry", "jesseduffield/lazygit", "rust-lang/rustup", "pypa/pip",
]


def available():
    return [r for r in DEV_REPOS_3 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
