"""aws-samples/aws-customer-playbook-framework: cloud incident-response runbooks (compromised
credentials, cryptojacking, forensics of EC2/EKS; the archived translations left out).

upstream: https://github.com/aws-samples/aws-customer-playbook-framework `docs/**/*.md`.
Licence: CC BY-SA 4.0. (used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 4).
"""

from _h4 import md_danger, md_paths

SOURCE = "aws-customer-playbooks"
REPO = "aws-samples/aws-customer-playbook-framework"
SIDE = "dangerous"


def rows():
    yield from md_danger(SOURCE, REPO, md_paths(REPO, "docs", skip=("Archived",)))
