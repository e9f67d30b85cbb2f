"""Helpers of held-out set 5 (`build.py --set heldout5`): set 4's helpers (`_h4`) reused, plus
readers for its new formats (shell cheat sheets written as commented `.sh` files, the check/fix
fields of the macOS Security Compliance Project's rule YAML, AWS CLI example `.rst` pages).
Labels come from `_label.label`, with its `outside-write` rule on (`build.py` switches
`_label.OUTSIDE_WRITE` on for this set only)."""

import re

from _common import benign_row, blob_url, danger_row, head, logical_lines, ls, show, uses_outside_vars
from _h3 import clean, command_like, rst_literal_lines
from _h4 import yaml_commands


def sh_sheet_benign(source, repo, paths, category):
    """Benign rows of cheat sheets written as shell files (`cmd   # what it does`): each logical
    line with its trailing comment and prompt cut (`_h3.clean`), kept when it reads as a command."""
    commit = head(repo)
    for path in paths:
        for n, line in logical_lines(show(repo, path).split("\n")):
            cmd = re.sub(r"\s+#\s.*$", "", clean(line)).strip()
            if not cmd or cmd.startswith("#") or not command_like(cmd) or uses_outside_vars(cmd):
                continue
            r = benign_row(source, cmd, blob_url(repo, commit, path, n), category)
            if r:
                yield r


def _asciidoc_code(text):
    """The lines inside `----` delimited blocks of an AsciiDoc text, or every line when it has none."""
    lines = text.split("\n")
    if not any(l.strip() == "----" for l in lines):
        return lines
    out, inside = [], False
    for l in lines:
        if l.strip() == "----":
            inside = not inside
            continue
        if inside:
            out.append(l)
    return out


def mscp_danger(source, repo, paths):
    """Dangerous rows from the `check` and `fix` fields of mSCP rule files: the lines the rule
    decides (hardening guides as dangerous sources, as set 3's drduh-guides)."""
    commit = head(repo)
    for path in paths:
        for text in yaml_commands(repo, path, ("check", "fix")):
            for _, line in logical_lines(_asciidoc_code(text)):
                line = line.strip()
                if not line or line.startswith("#") or uses_outside_vars(line):
                    continue
                r = danger_row(source, line, blob_url(repo, commit, path))
                if r:
                    yield r


def rst_benign(source, repo, paths, category):
    """Benign rows from the literal blocks of reStructuredText pages (`_h3.rst_literal_lines`):
    lines that start with the page's program (`aws `), so output blocks are left out."""
    commit = head(repo)
    for path in paths:
        for n, line in rst_literal_lines(show(repo, path)):
            cmd = clean(line)
            if not cmd.startswith("aws ") or uses_outside_vars(cmd):
                continue
            r = benign_row(source, cmd, blob_url(repo, commit, path, n), category)
            if r:
                yield r


def paths_ext(repo, exts, under="", skip=()):
    return [p for p in ls(repo, under) if p.endswith(exts) and not any(s in p for s in skip)]
