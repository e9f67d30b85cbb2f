"""The AWS CLI's own usage examples (`aws help` pages): every `aws …` line of the literal blocks of
`awscli/examples/**/*.rst` (a cloud CLI cookbook: create, describe, update and delete calls).

upstream: https://github.com/aws/aws-cli `awscli/examples/**/*.rst`. Licence: Apache-2.0.
(used for evaluation only; nothing of it is committed).
labelling (lines filtered by `_h4.filtered`): `benign_row` (category `cloud-cli`): the calls the rule
calls cloud deletions keep that label (ask), the rest allow.
"""

from _h4 import filtered
from _h5 import paths_ext, rst_benign

SOURCE = "aws-cli-examples"
REPO = "aws/aws-cli"
SIDE = "benign"


def rows():
    yield from filtered(rst_benign(SOURCE, REPO, paths_ext(REPO, (".rst",), "awscli/examples"), "cloud-cli"))
