"""claude-code-safety-net: another agent guard's test suite (Bun tests of its rm/git/find/
interpreter rules). Its `assertBlocked(cmd)` cases are candidates for the dangerous side and its
`assertAllowed(cmd)` cases for the benign side; its own verdict is never used as the label.

upstream: https://github.com/kenryu42/claude-code-safety-net tests/**/*.test.ts. Licence: MIT.
labelling: blocked → `_label.label` (skipped when it cannot decide: that guard blocks e.g. every
`rm -rf` outside cwd, which is not always dangerous); allowed → `benign_row`, skipped where our rule calls it dangerous (the two disagree: unclear).
"""

import re

from _common import benign_row, blob_url, danger_row, head, ls, show

SOURCE = "safety-net"
REPO = "kenryu42/claude-code-safety-net"
SIDE = "both"

CALL = re.compile(r"assert(Blocked|Allowed)\(\s*(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"|`((?:[^`\\$]|\\.)*)`)")


def _unescape(s):
    return re.sub(r"\\(.)", r"\1", s)


def rows():
    commit = head(REPO)
    for path in ls(REPO, "tests"):
        if not path.endswith(".test.ts"):
            continue
        text = show(REPO, path)
        for m in CALL.finditer(text):
            cmd = _unescape(m.group(2) or m.group(3) or m.group(4) or "")
            line = text.count("\n", 0, m.start()) + 1
            up = blob_url(REPO, commit, path, line)
            if m.group(1) == "Blocked":
                r = danger_row(SOURCE, cmd, up)
            else:
                r = benign_row(SOURCE, cmd, up, "guard-allowed")
                if r and r["expect"] != "allow":
                    r = None  # that guard allows it, our rule calls it dangerous: unclear
            if r:
                yield r
