"""Held-out set 4: dotfiles of three more widely copied repositories: alias bodies and the lines of their
setup scripts, read exactly as `src_h2_dotfiles` reads its three (same filters).

upstream: https://github.com/jessfraz/dotfiles (94c5f2bc4178d4000ff6f1ae5cc585799ef25d37; MIT),
https://github.com/driesvints/dotfiles (252d923653194296d8d8ba8afd3bcb52a46ab17c; MIT),
https://github.com/cowboy/dotfiles (09aa03cab27cdd2496df4a550b32a33af0f9f832; MIT).
(used for evaluation only; nothing of them is committed).
labelling (lines filtered by `_h4.filtered`): `benign_row` (categories `alias`, `dotfiles-script`).
"""

from _h4 import filtered

import src_h3_dotfiles

SOURCE = "h4-dotfiles"
SIDE = "benign"
REPOS = ["jessfraz/dotfiles", "driesvints/dotfiles", "cowboy/dotfiles"]
REPO = REPOS[0]


def rows():
    # the same extraction as set 3's dotfiles, over other repositories
    yield from filtered(src_h3_dotfiles._rows(SOURCE, REPOS))
