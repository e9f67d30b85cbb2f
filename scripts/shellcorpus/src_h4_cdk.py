"""cdk-team/CDK: documentation of a container-escape and Kubernetes post-exploitation toolkit.

upstream: https://github.com/cdk-team/CDK `**/*.md`. Licence: Apache-2.0.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 4).
"""

from _h4 import md_danger, md_paths

SOURCE = "cdk-docs"
REPO = "cdk-team/CDK"
SIDE = "dangerous"


def rows():
    yield from md_danger(SOURCE, REPO, md_paths(REPO, skip=(".github",)))
