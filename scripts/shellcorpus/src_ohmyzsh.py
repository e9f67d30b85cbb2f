"""oh-my-zsh plugin aliases: the commands behind `alias gst='git status'`-style definitions of
its plugins (git, docker, npm, cargo, kubectl, …), i.e. what developers type every day.

upstream: https://github.com/ohmyzsh/ohmyzsh plugins/*/*.plugin.zsh. Licence: MIT.
labelling: `benign_row` (category `alias`); aliases with `$`-expansions of plugin functions or
`$(…)` are kept as written.
"""

import re

from _common import benign_row, blob_url, head, ls, show

SOURCE = "ohmyzsh-aliases"
REPO = "ohmyzsh/ohmyzsh"
SIDE = "benign"
ALIAS = re.compile(r"""^\s*alias\s+(?:-g\s+)?[\w.+-]+=(?:'([^']*)'|"([^"]*)")\s*$""")


def rows():
    commit = head(REPO)
    for path in ls(REPO, "plugins"):
        if not path.endswith(".plugin.zsh"):
            continue
        for n, line in enumerate(show(REPO, path).split("\n"), 1):
            m = ALIAS.match(line)
            if not m:
                continue
            cmd = (m.group(1) if m.group(1) is not None else m.group(2)).strip()
            if len(cmd.split()) < 2 and "/" not in cmd:
                continue
            r = benign_row(SOURCE, cmd, blob_url(REPO, commit, path, n), "alias")
            if r:
                yield r
