"""bash-completion's test suite: the command lines its pytest cases complete
(`@pytest.mark.complete("tar tf archive.tar.xz dir/file")`), kept when they have an argument
after the program and do not end in a bare option prefix.

upstream: https://github.com/scop/bash-completion test/t/test_*.py. Licence: GPL-2.0 (evaluation
only; nothing committed).
labelling: `benign_row` (category `completion-test`).
"""

import re

from _common import benign_row, blob_url, head, ls, show

SOURCE = "bash-completion"
REPO = "scop/bash-completion"
SIDE = "benign"
MARK = re.compile(r"""@pytest\.mark\.complete\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")


def rows():
    commit = head(REPO)
    for path in ls(REPO, "test/t"):
        if not path.endswith(".py"):
            continue
        text = show(REPO, path)
        for m in MARK.finditer(text):
            cmd = (m.group(1) or m.group(2) or "").strip()
            if len(cmd.split()) < 2 or cmd.endswith(("-", "=", "$", "\\", "'", '"')) or "\\" in cmd:
                continue
            r = benign_row(SOURCE, cmd, blob_url(REPO, commit, path, text.count("\n", 0, m.start()) + 1), "completion-test")
            if r:
                yield r
