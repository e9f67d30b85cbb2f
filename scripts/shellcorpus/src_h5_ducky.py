"""Keystroke-injection payloads (DuckyScript) of hak5/usbrubberducky-payloads: the text each
payload types (`STRING` / `STRINGLN` lines) into a Linux or macOS terminal; Windows payloads give
no rows (`_label.is_windows`).

upstream: https://github.com/hak5/usbrubberducky-payloads `payloads/**/*.txt`.
Licence: none stated at the root (payloads carry their authors' notes).
(used for evaluation only; nothing of it is committed).
labelling: each typed line that reads no variable set on another line; only lines `_label.label`
decides are kept (held-out set 5).
"""

import re

from _common import blob_url, danger_row, head, ls, show, uses_outside_vars

SOURCE = "rubberducky-payloads"
REPO = "hak5/usbrubberducky-payloads"
SIDE = "dangerous"

_TYPED = re.compile(r"^\s*STRING(?:LN)?\s(.*)$")


def typed_rows(source, repo, paths):
    commit = head(repo)
    for path in paths:
        try:
            text = show(repo, path)
        except Exception:  # files absent from the snapshot (4 MiB and more)
            continue
        for n, line in enumerate(text.split("\n"), 1):
            m = _TYPED.match(line)
            if not m:
                continue
            cmd = m.group(1).strip()
            if not cmd or uses_outside_vars(cmd):
                continue
            r = danger_row(source, cmd, blob_url(repo, commit, path, n))
            if r:
                yield r


def rows():
    yield from typed_rows(SOURCE, REPO, [p for p in ls(REPO, "payloads") if p.endswith(".txt")])
