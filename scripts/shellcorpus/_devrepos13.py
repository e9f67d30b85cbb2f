"""Held-out set 13 (`build.py --set heldout13`): developer repositories in none of `_devrepos`,
`_devrepos2` … `_devrepos12`, whose CI steps, package scripts, Makefiles, READMEs, contributor and
install guides and shell scripts are benign sources of that set, read by the main corpus' extractors.
Licences (LICENSE/COPYING files at the commits in the heldout13 MANIFEST.json): see README.md,
"Held-out set 13"."""

import os

from _common import MIRRORS

DEV_REPOS_13 = [
    "minio/minio", "valkey-io/valkey", "dbt-labs/dbt-core", "fluxcd/flux2", "etcd-io/etcd",
]


def available():
    return [r for r in DEV_REPOS_13 if os.path.isdir(os.path.join(MIRRORS, r.replace("/", "+"), "repo"))]
