"""The macOS Security Compliance Project (NIST): the `check` and `fix` shell commands of its
rule files (hardening; a guide's dangerous lines only, as set 3's drduh-guides).

upstream: https://github.com/usnistgov/macos_security `src/mscp/data/rules/**/*.yaml`.
Licence: public-domain notice of NIST contributions (LICENSE.md).
(used for evaluation only; nothing of it is committed).
labelling: `_h5.mscp_danger`; only lines `_label.label` decides are kept (held-out set 5).
"""

from _common import ls
from _h5 import mscp_danger

SOURCE = "mscp-rules"
REPO = "usnistgov/macos_security"
SIDE = "dangerous"


def rows():
    yield from mscp_danger(SOURCE, REPO, [p for p in ls(REPO) if "/rules/" in p and p.endswith(".yaml")])
