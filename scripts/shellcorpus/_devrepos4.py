"""Held-out set 4 (`build.py --set heldout4`): developer repositories in none of `_devrepos`,
`_devrepos2`, `_devrepos3`, whose CI steps, package scripts, Makefiles, READMEs and shell scripts
are benign sources of that set, read by the main corpus' extractors. Licences at the commits in
the heldout4 MANIFEST.json: Apache-2.0 (psf/requests), BSD-3-Clause (pallets/click), Apache-2.0 or
MIT (clap-rs/clap, serde-rs/serde, rayon-rs/rayon, rust-lang/book, rust-lang/rust-by-example,
rust-lang/mdBook), MIT (tokio-rs/axum, docker-library/postgres, docker-library/python)."""

import os

from _common import MIRRORS

DEV_REPOS_4 = [
    "psf/requests", "pallets/click", "clap-rs/clap", "serde-rs/serde", "rayon-rs/rayon",
    "tokio-rs/axum", "rust-lang/book", "rust-lang/rust-by-example", "rust-lang/mdBook",
    "docker-library/postgres", "docker-library/python",
]


def available():
    return [r for r in DEV_REPOS_4 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
