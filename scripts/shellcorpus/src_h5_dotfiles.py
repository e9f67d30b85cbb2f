"""Held-out set 5: dotfiles of three more widely copied repositories: alias bodies and the lines of their
setup scripts, read exactly as `src_h2_dotfiles` reads its three (same filters).

upstream: https://github.com/anishathalye/dotfiles (MIT), https://github.com/nicknisi/dotfiles (MIT),
https://github.com/necolas/dotfiles (MIT); commits in the heldout5 MANIFEST.json. Their setup scripts
write into the home folder (links, `defaults write`, `git config --global`): labelled `outside-write`.
(used for evaluation only; nothing of them is committed).
labelling (lines filtered by `_h4.filtered`): `benign_row` (categories `alias`, `dotfiles-script`).
"""

from _h4 import filtered

import src_h3_dotfiles

SOURCE = "h5-dotfiles"
SIDE = "benign"
REPOS = ["anishathalye/dotfiles", "nicknisi/dotfiles", "necolas/dotfiles"]
REPO = REPOS[0]


def rows():
    # the same extraction as set 3's dotfiles, over other repositories
    yield from filtered(src_h3_dotfiles._rows(SOURCE, REPOS))
