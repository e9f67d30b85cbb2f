"""GoogleCloudPlatform/kubernetes-engine-samples: the README walkthroughs of Google's GKE
samples (gcloud/kubectl/docker commands to build, deploy, inspect and clean up).

upstream: https://github.com/GoogleCloudPlatform/kubernetes-engine-samples `**/README.md`, commit
2b5036514162a489145c5e5570bc320efbcb37bf. Licence: Apache-2.0.
(used for evaluation only; nothing of it is committed).
labelling (lines filtered by `_h3.command_like`): the `src_readmes` extractor / `benign_row` (category `readme-command`): the clean-up
steps the rule calls cloud deletions keep that label (ask), the rest allow.
"""

from _h3 import filtered

import src_readmes

SOURCE = "gke-samples"
REPO = "GoogleCloudPlatform/kubernetes-engine-samples"
SIDE = "benign"


def rows():
    yield from filtered(src_readmes.rows([REPO], SOURCE))
