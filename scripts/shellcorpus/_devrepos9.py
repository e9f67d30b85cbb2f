"""Held-out set 9 (`build.py --set heldout9`): developer repositories in none of `_devrepos`,
`_devrepos2` … `_devrepos8`, whose CI steps, package scripts, Makefiles, READMEs and shell
scripts are benign sources of that set, read by the main corpus' extractors. Licences at the
commits in the heldout9 MANIFEST.json: BSD-3-Clause (celery/celery), MIT (traefik/traefik,
zellij-org/zellij, sqlalchemy/sqlalchemy, python/mypy, pdm-project/pdm, nektos/act), Apache-2.0
(prometheus/prometheus, caddyserver/caddy; alacritty/alacritty Apache-2.0 or MIT), BSD-2-Clause
(sphinx-doc/sphinx), ISC (tmux/tmux), GPL-3.0 (golangci/golangci-lint), RSALv2/SSPLv1/AGPLv3
(redis/redis)."""

import os

from _common import MIRRORS

DEV_REPOS_9 = [
    "celery/celery", "traefik/traefik", "zellij-org/zellij", "prometheus/prometheus", "sqlalchemy/sqlalchemy",
    "alacritty/alacritty", "python/mypy", "caddyserver/caddy", "redis/redis", "golangci/golangci-lint",
    "sphinx-doc/sphinx", "tmux/tmux", "pdm-project/pdm", "nektos/act",
]


def available():
    return [r for r in DEV_REPOS_9 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
