"""aws-samples/aws-incident-response-playbooks: AWS incident-response playbooks (containment and eradication steps with the AWS CLI).

upstream: https://github.com/aws-samples/aws-incident-response-playbooks `**/*.md`, commit ac15f416c67114a8fe962489211f96e40f5f9853. Licence: MIT-0.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 3).
"""

from _common import head, ls
from _mdsheet import sheet_rows, LANGS

SOURCE = "aws-ir-playbooks"
REPO = "aws-samples/aws-incident-response-playbooks"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths, LANGS | {"rst"})
