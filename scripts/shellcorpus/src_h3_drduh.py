"""drduh's two guides, macOS-Security-and-Privacy-Guide and YubiKey-Guide: the commands they show
that the rule calls dangerous (key export, disk wiping, Gatekeeper/quarantine changes, keychain
reads, login items, …). The guides are taken for those lines only.

upstream: https://github.com/drduh/macOS-Security-and-Privacy-Guide
(16eefd0ac8ad5121433e53ad606466b9b6b2d0e6), https://github.com/drduh/YubiKey-Guide
(7453578fb3a36d3a763d09a37dcd89fbe5c6ae27), `*.md`. Licence: MIT (both).
(used for evaluation only; nothing of them is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept.
"""

from _common import head, ls
from _mdsheet import LANGS, sheet_rows

SOURCE = "drduh-guides"
REPOS = ["drduh/macOS-Security-and-Privacy-Guide", "drduh/YubiKey-Guide"]
REPO = REPOS[0]
SIDE = "dangerous"


def rows():
    for repo in REPOS:
        yield from sheet_rows(SOURCE, repo, head(repo), [p for p in ls(repo) if p.endswith(".md")], LANGS | {"rst"})
