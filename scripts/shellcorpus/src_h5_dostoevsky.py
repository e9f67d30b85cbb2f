"""Held-out set 5 source `dostoevsky-notes`: see `src_h5_mdnotes` (upstream, licence, labelling)."""

import src_h5_mdnotes

SOURCE = "dostoevsky-notes"
REPO = src_h5_mdnotes.SOURCES[SOURCE]
SIDE = "dangerous"


def rows():
    yield from src_h5_mdnotes.rows_of(SOURCE)
