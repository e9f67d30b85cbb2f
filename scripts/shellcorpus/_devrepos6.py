"""Held-out set 6 (`build.py --set heldout6`): developer repositories in none of `_devrepos`,
`_devrepos2` … `_devrepos5`, whose CI steps, package scripts, Makefiles, READMEs and shell
scripts are benign sources of that set, read by the main corpus' extractors. Licences at the
commits in the heldout6 MANIFEST.json: EUPL-1.2 (eza-community/eza), MIT (pre-commit/pre-commit,
charmbracelet/gum, tox-dev/tox, mitmproxy/mitmproxy, tiangolo/full-stack-fastapi-template),
BSD-3-Clause (cookiecutter/cookiecutter), Apache-2.0 or MIT (hynek/structlog)."""

import os

from _common import MIRRORS

DEV_REPOS_6 = [
    "eza-community/eza", "pre-commit/pre-commit", "charmbracelet/gum", "cookiecutter/cookiecutter",
    "tox-dev/tox", "mitmproxy/mitmproxy", "hynek/structlog", "tiangolo/full-stack-fastapi-template",
]


def available():
    return [r for r in DEV_REPOS_6 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
