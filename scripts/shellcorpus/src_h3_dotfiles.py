"""Dotfiles of three more widely copied repositories: alias bodies and the lines of their
setup scripts, read exactly as `src_h2_dotfiles` reads its three (same filters).

upstream: https://github.com/paulirish/dotfiles (b91fbe2b302e28ec4e9ea36830ed2e7f0a30e2c3; no
licence stated), https://github.com/webpro/dotfiles (01368ed3ba9506b9634541d4387e5caed28c8ed4; no
licence stated), https://github.com/alrra/dotfiles (4bdc9c899b2507c5f3827e136af34a52e1136845; MIT).
(used for evaluation only; nothing of them is committed).
labelling (lines filtered by `_h3.command_like`): `benign_row` (categories `alias`, `dotfiles-script`).
"""

from _h3 import filtered

import re

from _common import benign_row, blob_url, head, logical_lines, ls, outside_strings, show, uses_outside_vars
from src_h2_dotfiles import ALIAS, CONTROL

SOURCE = "h3-dotfiles"
SIDE = "benign"
REPOS = ["paulirish/dotfiles", "webpro/dotfiles", "alrra/dotfiles"]
REPO = REPOS[0]


def _script(path, text):
    base = path.rsplit("/", 1)[-1]
    if base in (".macos", ".osx", "brew.sh", "bootstrap.sh") or path.endswith(".sh") or "/bin/" in "/" + path:
        return re.match(r"#!.*\b(?:ba|z)?sh\b", text) is not None or path.endswith(".sh") or base.startswith(".")
    return False


def rows():
    yield from filtered(_rows())


def _rows(source=SOURCE, repos=REPOS):
    """Alias bodies and plain script lines of `repos`, as rows of `source` (set 4's dotfiles
    extractor calls it with its own repositories)."""
    for repo in repos:
        commit = head(repo)
        for path in ls(repo):
            if path.endswith((".png", ".jpg", ".terminal", ".itermcolors", ".json", ".vim", ".js", ".mjs", ".py", ".fish")):
                continue
            try:
                text = show(repo, path)
            except Exception:  # submodules and files absent from the snapshot
                continue
            for n, line in enumerate(text.split("\n"), 1):
                m = ALIAS.match(line)
                if m:
                    cmd = (m.group(1) if m.group(1) is not None else m.group(2)).strip()
                    if len(cmd.split()) >= 2 or "/" in cmd:
                        r = benign_row(source, cmd, blob_url(repo, commit, path, n), "alias")
                        if r:
                            yield r
            if not _script(path, text):
                continue
            funcs = set(re.findall(r"(?m)^\s*(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\)", text))
            end = None
            for n, line in outside_strings(logical_lines(text.split("\n"))):
                if end is not None:
                    if line.strip() == end:
                        end = None
                    continue
                h = re.search(r"<<-?\s*['\"]?(\w+)", line)
                if h:
                    end = h.group(1)
                    continue
                first = line.split()[0] if line.split() else ""
                if CONTROL.search(line.strip()) or uses_outside_vars(line) or first in funcs:
                    continue
                r = benign_row(source, line.strip(), blob_url(repo, commit, path, n), "dotfiles-script")
                if r:
                    yield r
