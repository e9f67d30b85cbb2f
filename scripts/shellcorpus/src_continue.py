"""Continue's terminal-command security tests: another agent's classifier of shell commands
(`evaluateTerminalCommandSecurity(policy, cmd)` → disabled / allowedWithPermission /
allowedWithoutPermission).

upstream: https://github.com/continuedev/continue
packages/terminal-security/test/terminalCommandSecurity.test.ts. Licence: Apache-2.0.
labelling: their verdict only picks the side; disabled/allowedWithPermission → `_label.label`
(skipped when it cannot decide: they disable every `sudo`), allowedWithoutPermission →
`benign_row`, skipped where our rule calls it dangerous.
"""

import re

from _common import benign_row, blob_url, danger_row, head, show

SOURCE = "continue-sec"
REPO = "continuedev/continue"
SIDE = "both"
PATH = "packages/terminal-security/test/terminalCommandSecurity.test.ts"

CALL = re.compile(
    r"evaluateTerminalCommandSecurity\(\s*\"\w+\",\s*(?:\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)'|`((?:[^`\\$]|\\.)*)`)\s*,?\s*\);\s*expect\(result\)\.toBe\(\"(\w+)\"\)",
    re.S,
)


def rows():
    commit = head(REPO)
    text = show(REPO, PATH)
    for m in CALL.finditer(text):
        cmd = re.sub(r"\\(.)", lambda x: {"n": "\n", "t": "\t"}.get(x.group(1), x.group(1)),
                     m.group(1) or m.group(2) or m.group(3) or "")
        line = text.count("\n", 0, m.start()) + 1
        up = blob_url(REPO, commit, PATH, line)
        if m.group(4) == "allowedWithoutPermission":
            r = benign_row(SOURCE, cmd, up, "guard-allowed")
            if r and r["expect"] != "allow":
                r = None  # that guard allows it, our rule calls it dangerous: unclear
        else:
            r = danger_row(SOURCE, cmd, up)
        if r:
            yield r
