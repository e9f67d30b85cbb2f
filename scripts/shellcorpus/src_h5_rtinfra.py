"""Held-out set 5 source `redteam-infra-wiki`: see `src_h5_mdnotes` (upstream, licence, labelling)."""

import src_h5_mdnotes

SOURCE = "redteam-infra-wiki"
REPO = src_h5_mdnotes.SOURCES[SOURCE]
SIDE = "dangerous"


def rows():
    yield from src_h5_mdnotes.rows_of(SOURCE)
