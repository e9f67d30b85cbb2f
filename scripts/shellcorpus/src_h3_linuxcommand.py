"""jaywcjlove/linux-command: a Linux command reference (one markdown page per command, in
Chinese, with usage examples in shell blocks).

upstream: https://github.com/jaywcjlove/linux-command command/*.md, commit
b434fa2afdc652fd8bb23f80d79cc623002103e4. Licence: MIT.
(used for evaluation only; nothing of it is committed).
labelling: `_h3.md_benign_rows` / `benign_row` (category `linux-command`); option tables and
synopsis lines are not commands (`looks_like_command`, placeholders) and are skipped, and so is a
line that does not name the page's own command (the pages' blocks also hold its output).
"""

import re

from _common import head, ls
from _h3 import md_benign_rows

SOURCE = "linux-command"
REPO = "jaywcjlove/linux-command"
SIDE = "benign"


def rows():
    commit = head(REPO)
    for path in ls(REPO, "command"):
        if not path.endswith(".md"):
            continue
        name = re.escape(path.rsplit("/", 1)[-1][:-3])
        own = re.compile(r"(?:^|[\s;&|(/])%s(?=$|[\s;&|)])" % name)
        for r in md_benign_rows(SOURCE, REPO, commit, [path], "linux-command"):
            if own.search(r["command"]):
                yield r
