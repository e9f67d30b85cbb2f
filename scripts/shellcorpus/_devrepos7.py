"""Held-out set 7 (`build.py --set heldout7`): developer repositories in none of `_devrepos`,
`_devrepos2` … `_devrepos6`, whose CI steps, package scripts, Makefiles, READMEs and shell
scripts are benign sources of that set, read by the main corpus' extractors. Licences at the
commits in the heldout7 MANIFEST.json: BSD-3-Clause (encode/uvicorn, encode/django-rest-framework,
pallets/jinja), BSD-2-Clause (mkdocs/mkdocs), MPL-2.0 (helix-editor/helix), MIT OR Apache-2.0
(rust-lang/cargo), Apache-2.0 (spf13/cobra), MIT (python-attrs/attrs, charmbracelet/bubbletea,
go-task/task, fastapi/typer, fastapi/sqlmodel)."""

import os

from _common import MIRRORS

DEV_REPOS_7 = [
    "encode/uvicorn", "encode/django-rest-framework", "pallets/jinja", "mkdocs/mkdocs", "helix-editor/helix",
    "rust-lang/cargo", "spf13/cobra", "python-attrs/attrs", "charmbracelet/bubbletea", "go-task/task",
    "fastapi/typer", "fastapi/sqlmodel",
]


def available():
    return [r for r in DEV_REPOS_7 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
