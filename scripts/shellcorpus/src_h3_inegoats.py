"""INE's deliberately vulnerable cloud labs AWSGoat, AzureGoat and GCPGoat: their attack manuals
(SSRF to the metadata service, credential theft, IAM/role escalation, storage and function abuse).

upstream: https://github.com/ine-labs/AWSGoat (b24869ad455ed8d1393d00ecdc15ee638d1c1332),
https://github.com/ine-labs/AzureGoat (b97045952e6df00de735a7f27fd7c4994dcfe8c0),
https://github.com/ine-labs/GCPGoat (44605c4bff4b2da7611dfce78696bb53db6d8c54), `**/*.md` and
`*.txt`. Licence: MIT (all three).
(used for evaluation only; nothing of them is committed).
labelling: `_mdsheet` / `_h3.text_rows`; only lines `_label.label` decides are kept.
"""

from _common import head, ls
from _h3 import text_rows
from _mdsheet import LANGS, sheet_rows

SOURCE = "ine-cloud-goats"
REPOS = ["ine-labs/AWSGoat", "ine-labs/AzureGoat", "ine-labs/GCPGoat"]
REPO = REPOS[0]
SIDE = "dangerous"


def rows():
    for repo in REPOS:
        commit = head(repo)
        files = [p for p in ls(repo) if "node_modules" not in p]
        yield from sheet_rows(SOURCE, repo, commit, [p for p in files if p.endswith(".md")], LANGS | {"rst"})
        yield from text_rows(SOURCE, repo, commit, [p for p in files if p.endswith(".txt")])
