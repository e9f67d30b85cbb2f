"""0dayCTF/reverse-shell-generator (revshells.com): its reverse and bind shell templates for
Linux/macOS, instantiated with ip 10.0.0.1, port 4242, shell /bin/bash.

upstream: https://github.com/0dayCTF/reverse-shell-generator js/data.js. Licence: MIT.
labelling: every template is a reverse or bind shell; `_label.label` must agree (else skipped),
and its category is used.
"""

import json
import re

from _common import blob_url, danger_row, head, show

SOURCE = "revshellgen"
REPO = "0dayCTF/reverse-shell-generator"
SIDE = "dangerous"


def rows():
    commit = head(REPO)
    text = show(REPO, "js/data.js")
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = re.match(r'\s*"command":\s*("(?:[^"\\]|\\.)*")', line)
        if not m:
            continue
        meta = " ".join(lines[i + 1:i + 3])
        if "linux" not in meta and "mac" not in meta:
            continue
        body = m.group(1)[1:-1]
        cmd = re.sub(r"\\(.)", lambda e: {"n": "\n", "t": "\t"}.get(e.group(1), e.group(1)), body)
        cmd = cmd.replace("{ip}", "10.0.0.1").replace("{port}", "4242").replace("{shell}", "/bin/bash")
        r = danger_row(SOURCE, cmd, blob_url(REPO, commit, "js/data.js", i + 1))
        if r:
            yield r
