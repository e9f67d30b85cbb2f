"""Held-out set 5 source `k8s-hard-way`: see `src_h5_guides` (upstream, licence, labelling)."""

import src_h5_guides

SOURCE = "k8s-hard-way"
REPO = src_h5_guides.SOURCES[SOURCE]
SIDE = "benign"


def rows():
    yield from src_h5_guides.rows_of(SOURCE)
