"""Helpers of held-out set 3 (`build.py --set heldout3`): command lines of plain-text and
reStructuredText cheat sheets, and Read / WebFetch tool rows labelled by `_label.label` applied to
the equivalent shell read (`cat PATH`, `curl URL`), so that the one labelling rule decides every
row. Nothing here changes `_label.py`."""

import json
import re

from _common import blob_url, danger_row, fill_angle, logical_lines, row_id, show, strip_prompt
from _label import label

_CUT = re.compile(r"\s+(?://|#)\s.*$")


def clean(line):
    """A sheet line as a command: text after a tab (the sheet's description column) cut, list
    bullet and prompt stripped, placeholders filled, a trailing `# …`/`// …` comment cut."""
    line = re.sub(r"^(?:[-*]|\d+[.)])\s+(?=\S)", "", line.split("\t")[0].strip())
    p = strip_prompt(line)
    return _CUT.sub("", fill_angle(p if p is not None else line)).strip()


def text_rows(source, repo, commit, paths):
    """Every logical line of plain-text sheets that the rule decides (dangerous sources)."""
    for path in paths:
        for n, line in logical_lines(show(repo, path).split("\n")):
            r = danger_row(source, clean(line), blob_url(repo, commit, path, n))
            if r:
                yield r


def rst_literal_lines(text):
    """(line number, text) of the lines inside reStructuredText literal blocks (after a line
    ending in `::` or a `.. code-block::`/`.. code::` directive, indented)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        s = lines[i].rstrip()
        if s.endswith("::") or re.match(r"^\s*\.\.\s+(?:code-block|code|sourcecode)::", s):
            base = len(lines[i]) - len(lines[i].lstrip())
            i += 1
            while i < len(lines) and (lines[i].strip() == "" or re.match(r"^\s*:\w[\w-]*:", lines[i])):
                i += 1
            body = []
            start = i + 1
            while i < len(lines) and (lines[i].strip() == "" or len(lines[i]) - len(lines[i].lstrip()) > base):
                body.append(lines[i])
                i += 1
            yield from logical_lines(body, start)
            continue
        i += 1


def rst_rows(source, repo, commit, paths):
    for path in paths:
        for n, line in rst_literal_lines(show(repo, path)):
            r = danger_row(source, clean(line), blob_url(repo, commit, path, n))
            if r:
                yield r


def read_row(source, file_path, upstream):
    """A Read tool row for `file_path` (`{HOME}` = the run's home), labelled as the rule labels
    `cat` of that path; None when the rule does not call that read dangerous."""
    lab = label("cat " + file_path.replace("{HOME}", "~"))
    if not lab:
        return None
    inp = {"file_path": file_path}
    return {"source": source, "id": row_id(source, json.dumps(inp)), "tool": "Read", "input": inp,
            "expect": lab[0], "category": lab[1], "upstream": upstream}


def fetch_row(source, url, upstream):
    """A WebFetch tool row for `url`, labelled as the rule labels `curl URL`; None when undecided."""
    lab = label("curl " + url)
    if not lab:
        return None
    inp = {"url": url, "prompt": "Summarise this page"}
    return {"source": source, "id": row_id(source, json.dumps(inp)), "tool": "WebFetch", "input": inp,
            "expect": lab[0], "category": lab[1], "upstream": upstream}


def md_benign_rows(source, repo, commit, paths, category, langs=("", "sh", "bash", "shell", "console", "zsh"),
                   prompted_only=False):
    """Benign rows from markdown fenced blocks: each logical line that reads as a command
    (`_cheatsheet.looks_like_command`), prompt stripped, a trailing comment after two spaces
    cut, not reading a variable set elsewhere; `prompted_only` takes only `$ `-prompted lines
    (blocks that mix commands and their output)."""
    from _common import benign_row, code_blocks, uses_outside_vars
    for path in paths:
        for start, lang, body in code_blocks(show(repo, path)):
            if lang not in langs:
                continue
            for n, line in logical_lines(body, start):
                p = strip_prompt(line.strip())
                if prompted_only and p is None:
                    continue
                cmd = re.sub(r"\s{2,}#.*$", "", p if p is not None else line.strip()).strip()
                if not cmd or cmd.startswith("#") or not command_like(cmd) or uses_outside_vars(cmd):
                    continue
                r = benign_row(source, cmd, blob_url(repo, commit, path, n), category)
                if r:
                    yield r


_CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


def command_like(cmd):
    """Held-out set 3's extra filter on benign lines: a one-line command must read as one
    (`_cheatsheet.looks_like_command`), not be a bare URL or start with a digit (tool output), and
    hold no tab (a table) and no CJK text once a trailing `# …` comment is cut (a description)."""
    from _cheatsheet import looks_like_command
    if "\n" in cmd:
        return True
    cmd = re.sub(r"\s#.*$", "", cmd)
    return (looks_like_command(cmd) and "\t" not in cmd and not _CJK.search(cmd)
            and not re.match(r"^(?:https?://|\d)", cmd))


def filtered(rows):
    """`rows` whose command is `command_like` (tool rows pass)."""
    for r in rows:
        if "command" not in r or command_like(r["command"]):
            yield r
