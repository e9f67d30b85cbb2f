"""Held-out set 4: dotfiles of three more widely copied repositories: alias bodies and the lines of their
setup scripts, read exactly as `src_h2_dotfiles` reads its three (same filters).

upstream: https://github.com/jessfraz/dotfiles (94c5f2bc4178d4000ff6f1ae5cc585799ef25d37; MIT),
https://github.com/driesvints/dotfiles (252d923653194296d8d8ba8afd3bcb52a46ab17c; MIT),
https://github.com/cowboy/dotfiles (09aa03cab27cdd2496df4a550b32a33af0f9f832; MIT).
(used for evaluation only; nothing of them is committed).
labelling (lines filtered by `_h4.filtered`): `benign_row` (categories `alias`, `dotfiles-script`).
"""

from _h4 import filtered

import re

from _common import benign_row, blob_url, head, logical_lines, ls, outside_strings, show, uses_outside_vars
from src_h2_dotfiles import ALIAS, CONTROL

SOURCE = "h4-dotfiles"
SIDE = "benign"
REPOS = ["jessfraz/dotfiles", "driesvints/dotfiles", "cowboy/dotfiles"]
REPO = REPOS[0]


def _script(path, text):
    base = path.rsplit("/", 1)[-1]
    if base in (".macos", ".osx", "brew.sh", "bootstrap.sh") or path.endswith(".sh") or "/bin/" in "/" + path:
        return re.match(r"#!.*\b(?:ba|z)?sh\b", text) is not None or path.endswith(".sh") or base.startswith(".")
    return False


def rows():
    yield from filtered(_rows())


def _rows():
    for repo in REPOS:
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
                        r = benign_row(SOURCE, cmd, blob_url(repo, commit, path, n), "alias")
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
                r = benign_row(SOURCE, line.strip(), blob_url(repo, commit, path, n), "dotfiles-script")
                if r:
                    yield r
