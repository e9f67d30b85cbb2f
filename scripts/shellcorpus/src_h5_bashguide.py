"""Held-out set 5 source `bash-guide`: see `src_h5_guides` (upstream, licence, labelling)."""

import src_h5_guides

SOURCE = "bash-guide"
REPO = src_h5_guides.SOURCES[SOURCE]
SIDE = "benign"


def rows():
    yield from src_h5_guides.rows_of(SOURCE)
