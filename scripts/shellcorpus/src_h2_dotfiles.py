"""Dotfiles of three widely copied repositories: alias bodies (`alias x='…'`) and the lines of
their setup scripts (`.macos`, `brew.sh`, `bootstrap.sh`, `script/*`, `*.sh`, `bin/*` with a
sh/bash/zsh shebang): control lines, lines inside strings or heredocs, calls of the script's own
functions and lines reading a variable set elsewhere are skipped (as `src_shscripts`).

upstream: https://github.com/mathiasbynens/dotfiles (MIT), https://github.com/thoughtbot/dotfiles
(MIT), https://github.com/holman/dotfiles (MIT).
labelling: `benign_row` (categories `alias`, `dotfiles-script`).
"""

import re

from _common import benign_row, blob_url, head, logical_lines, ls, outside_strings, show, uses_outside_vars

SOURCE = "dotfiles"
SIDE = "benign"
REPOS = ["mathiasbynens/dotfiles", "thoughtbot/dotfiles", "holman/dotfiles"]
REPO = REPOS[0]
ALIAS = re.compile(r"""^\s*alias\s+(?:-g\s+)?[\w.+-]+=(?:'([^']*)'|"([^"]*)")\s*$""")
CONTROL = re.compile(r"^(?:if|then|else|elif|fi|for|while|until|do|done|case|esac|function|return|exit|local|set|shift|trap|alias|export|source|\.)\b|[{(|\\]$|&&$|\bthen$|\bdo$|^\}|^\)|;;$|^\w+\(\)|^[^()\s]+(?:\s*\|\s*[^()\s]+)*\)$")


def _script(path, text):
    base = path.rsplit("/", 1)[-1]
    if base in (".macos", ".osx", "brew.sh", "bootstrap.sh") or path.endswith(".sh") or path.startswith("script/"):
        return True
    return path.startswith("bin/") and re.match(r"#!.*\b(?:ba|z)?sh\b", text) is not None


def rows():
    for repo in REPOS:
        commit = head(repo)
        for path in ls(repo):
            if path.endswith((".png", ".jpg", ".terminal", ".itermcolors", ".json", ".vim")):
                continue
            text = show(repo, path)
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
