"""Helpers of held-out set 4 (`build.py --set heldout4`): the set-3 helpers (`_h3`) reused, plus
readers for the new source formats (navi `.cheat` sheets, metta YAML action lists, UAC artifact
YAML, inline code spans of a prose guide, shell scripts read line by line). Labels come from
`_label.label` unchanged, as for every other set."""

import re

from _common import (benign_row, blob_url, danger_row, fill_angle, head, logical_lines, ls,
                     outside_strings, show, uses_outside_vars, yaml_load)
from _h3 import command_like
from _mdsheet import LANGS, sheet_rows

BENIGN_LANGS = ("", "sh", "bash", "shell", "console", "zsh", "shell-session")


_GLYPH = re.compile(r"^[❯➜»]+\s*")


def md_danger(source, repo, paths):
    """Dangerous rows from the fenced blocks of markdown files (`_mdsheet.sheet_rows`); a line
    whose prompt is a glyph (`❯❯ `, `➜ `, `» `) is labelled without it."""
    for r in sheet_rows(source, repo, head(repo), paths, LANGS | {"rst"}):
        if _GLYPH.match(r["command"]):
            r = danger_row(source, _GLYPH.sub("", r["command"]), r["upstream"])
        if r:
            yield r


_FRAGMENT = re.compile(r"(?:\bdo|\bthen|[{|\\]|&&|\|\s*#.*|<<-?\s*[\x27\x22]?\w+[\x27\x22]?|,\s*->)\s*$")


def filtered(rows):
    """Held-out set 4's benign filter: `_h3.filtered`, then one-line fragments of a longer
    construct are left out (a line ending in `do`, `then`, `{`, a pipe, `&&`, a backslash, a
    heredoc opener, or a pipe followed by a comment)."""
    from _h3 import filtered as h3_filtered
    for r in h3_filtered(rows):
        c = r.get("command")
        if c is None or "\n" in c or not _FRAGMENT.search(c):
            yield r


def md_benign(source, repo, paths, category, langs=BENIGN_LANGS):
    """Benign rows from the fenced blocks of markdown files (`_h3.md_benign_rows`)."""
    from _h3 import md_benign_rows
    yield from md_benign_rows(source, repo, head(repo), paths, category, langs)


_CONTROL = re.compile(r"^(?:if|then|else|elif|fi|for|while|until|do|done|case|esac|function|return|exit|local|set|shift|trap|echo|printf|declare|typeset|readonly|export\s+\w+$)\b|[{(|\\]$|&&$|\bthen$|\bdo$|^\}|^\)|;;$|^\w+\(\)")


def script_danger(source, repo, paths):
    """Dangerous rows from shell scripts read line by line, as `src_h2_enumscripts` does: a line
    reading a variable set elsewhere, a control line or a line inside a string is skipped; a
    `VAR=$(cmd)` / ``VAR=`cmd` `` assignment is unwrapped to `cmd`."""
    commit = head(repo)
    for path in paths:
        for n, line in outside_strings(logical_lines(show(repo, path).split("\n"))):
            line = line.strip()
            m = re.match(r"^[A-Za-z_]\w*=[`\"]*\$?\(?`?(.*?)[`)\"]*$", line)
            if m and ("`" in line or "$(" in line):
                line = m.group(1).strip()
            if not line or line.startswith("#") or _CONTROL.search(line) or uses_outside_vars(line):
                continue
            r = danger_row(source, line, blob_url(repo, commit, path, n))
            if r:
                yield r


def navi_rows(source, repo, paths, category):
    """Benign rows of navi `.cheat` sheets: `%` tag lines, `#` descriptions, `$ var: …` generators
    and `@`/`;` lines are not commands; `<var>` placeholders are filled as elsewhere."""
    commit = head(repo)
    for path in paths:
        lines = show(repo, path).split("\n")
        for n, line in logical_lines(lines):
            s = line.strip()
            if not s or s[0] in "%#$@;":
                continue
            cmd = fill_angle(s)
            if not command_like(cmd) or uses_outside_vars(cmd):
                continue
            r = benign_row(source, cmd, blob_url(repo, commit, path, n), category)
            if r:
                yield r


def _walk(node):
    if isinstance(node, dict):
        for k, v in node.items():
            yield k, v
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


def yaml_commands(repo, path, keys):
    """String values under `keys` (any depth; a dict of numbered actions gives its values)."""
    try:
        doc = yaml_load(show(repo, path))
    except Exception:
        return []
    out = []
    for k, v in _walk(doc):
        if k in keys:
            if isinstance(v, str):
                out.append(v)
            elif isinstance(v, dict):
                out.extend(x for x in v.values() if isinstance(x, str))
            elif isinstance(v, list):
                out.extend(x for x in v if isinstance(x, str))
    return out


def yaml_danger(source, repo, paths, keys):
    """Dangerous rows from command fields of YAML files; each logical line of a field is a row."""
    commit = head(repo)
    for path in paths:
        for text in yaml_commands(repo, path, keys):
            for _, line in logical_lines(text.split("\n")):
                line = line.strip()
                if not line or line.startswith("#") or _CONTROL.search(line) or uses_outside_vars(line):
                    continue
                r = danger_row(source, line, blob_url(repo, commit, path))
                if r:
                    yield r


_SPAN = re.compile(r"(?<!`)`([^`\n]{3,200})`(?!`)")


def inline_benign(source, repo, paths, category):
    """Benign rows from inline code spans of a prose guide: a span of at least two words that
    reads as a command (`_h3.command_like`) and holds an option, a path, an operator, `=` or
    `.` (two plain words are prose as often as a command)."""
    commit = head(repo)
    for path in paths:
        in_fence = False
        for n, line in enumerate(show(repo, path).split("\n"), 1):
            if line.lstrip().startswith("```"):
                in_fence = not in_fence
                continue
            if in_fence:
                continue
            for m in _SPAN.finditer(line):
                cmd = m.group(1).strip()
                if not re.search(r"[-/|=.<>]", cmd) or len(cmd.split()) < 2 or not command_like(cmd) or uses_outside_vars(cmd):
                    continue
                r = benign_row(source, cmd, blob_url(repo, commit, path, n), category)
                if r:
                    yield r


def table_danger(source, repo, paths):
    """Dangerous rows from the first cell of markdown table rows when it is one code span
    (pages that list commands as `| <code span> | description |`)."""
    commit = head(repo)
    for path in paths:
        for n, line in enumerate(show(repo, path).split("\n"), 1):
            m = re.match(r"^\|\s*`([^`]+)`\s*\|", line)
            if not m:
                continue
            cmd = fill_angle(m.group(1).strip())
            if uses_outside_vars(cmd):
                continue
            r = danger_row(source, cmd, blob_url(repo, commit, path, n))
            if r:
                yield r


def md_paths(repo, under="", skip=()):
    return [p for p in ls(repo, under) if p.endswith(".md") and not any(s in p for s in skip)]
