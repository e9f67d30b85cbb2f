"""Install/build/test commands from README.md, CONTRIBUTING.md and DEVELOPMENT.md of popular
developer repositories (`_devrepos`): lines of sh/bash/console/shell fenced blocks (prompts
stripped; in console blocks only prompted lines; lines reading a variable set elsewhere in the
block are skipped).

upstream: https://github.com/<repo>/blob/<commit>/<doc>. Licences: the repos'.
labelling: `benign_row` (category `readme-command`).
"""

from _common import uses_outside_vars, benign_row, blob_url, code_blocks, head, logical_lines, ls, show, strip_prompt
from _devrepos import available

SOURCE = "readme-commands"
SIDE = "benign"
DOCS = ("README.md", "CONTRIBUTING.md", "DEVELOPMENT.md", "HACKING.md")


def rows(repos=None, source=SOURCE):
    """Rows of `repos` (default: `_devrepos.available()`) under the name `source`."""
    for repo in (available() if repos is None else repos):
        commit = head(repo)
        for path in ls(repo):
            if path.rsplit("/", 1)[-1] not in DOCS or "node_modules" in path:
                continue
            for start, lang, body in code_blocks(show(repo, path)):
                if lang not in ("sh", "bash", "shell", "console", "zsh", "shell-session"):
                    continue
                for n, line in logical_lines(body, start):
                    p = strip_prompt(line)
                    if lang in ("console", "shell-session") and p is None:
                        continue
                    cmd = p if p is not None else line
                    if uses_outside_vars(cmd):
                        continue
                    r = benign_row(source, cmd, blob_url(repo, commit, path, n), "readme-command")
                    if r:
                        yield r
