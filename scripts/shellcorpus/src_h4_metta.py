"""uber-common/metta: adversary-simulation action files (MITRE ATT&CK tactics), the Linux and
macOS ones.

upstream: https://github.com/uber-common/metta `MITRE/**/*{linux,osx}*.y*ml`. Licence: MIT.
(used for evaluation only; nothing of it is committed).
labelling: `_h4.yaml_danger` on `purple_actions`; only lines `_label.label` decides are kept.
"""

import re

from _common import ls
from _h4 import yaml_danger

SOURCE = "metta"
REPO = "uber-common/metta"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO, "MITRE") if re.search(r"(?i)linux|osx|mac", p.rsplit("/", 1)[-1])]
    yield from yaml_danger(SOURCE, REPO, paths, {"purple_actions"})
