"""Held-out set 5 source `kali-cheatsheet`: see `src_h5_mdnotes` (upstream, licence, labelling)."""

import src_h5_mdnotes

SOURCE = "kali-cheatsheet"
REPO = src_h5_mdnotes.SOURCES[SOURCE]
SIDE = "dangerous"


def rows():
    yield from src_h5_mdnotes.rows_of(SOURCE)
