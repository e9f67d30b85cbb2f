"""Hacking the Cloud: offensive techniques and notes for AWS, Azure, GCP and Terraform.

upstream: https://github.com/Hacking-the-Cloud/hackingthe.cloud. Licence: CC BY-NC-SA 4.0
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet`.
"""

from _common import head, ls
from _mdsheet import sheet_rows

SOURCE = "hackingthe-cloud"
REPO = "Hacking-the-Cloud/hackingthe.cloud"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO, "content") if p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths)
