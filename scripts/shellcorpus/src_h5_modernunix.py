"""Held-out set 5 source `modern-unix`: see `src_h5_guides` (upstream, licence, labelling)."""

import src_h5_guides

SOURCE = "modern-unix"
REPO = src_h5_guides.SOURCES[SOURCE]
SIDE = "benign"


def rows():
    yield from src_h5_guides.rows_of(SOURCE)
