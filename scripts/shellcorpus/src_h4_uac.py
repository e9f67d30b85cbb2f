"""tclahr/uac (Unix-like Artifacts Collector): the `command:` fields and collected files of its artifacts, the
commands an incident responder runs to collect live evidence (credentials, histories, logs).

upstream: https://github.com/tclahr/uac `artifacts/**/*.yaml`. Licence: Apache-2.0.
(used for evaluation only; nothing of it is committed).
labelling: one-line `command:` fields by `danger_row`; the files of `collector: file` artifacts
as Read rows (`_h3.read_row`, rule on `cat PATH`; `%user_home%` the run's home). Only what the rule decides.
"""

import re

from _common import blob_url, danger_row, head, ls, show, uses_outside_vars

SOURCE = "uac-artifacts"
REPO = "tclahr/uac"
SIDE = "dangerous"
_CMD = re.compile(r"^\s*command:\s*(.+?)\s*$")


_PATH = re.compile(r"^\s*path:\s*(\S+)\s*$")
_NAMES = re.compile(r"^\s*name_pattern:\s*\[(.*)\]\s*$")


def _inst(p):
    """A path pattern as one concrete path: `%user_home%` → the run's home, other `%…%` and a
    folder that is `*` → `default` (a `*` inside a folder name dropped), a trailing `*` of a file name dropped, another → `a`."""
    p = p.replace("%user_home%", "{HOME}")
    p = re.sub(r"%\w+%", "default", p)
    parts = p.split("/")
    last = parts[-1]
    last = last[:-1] if last.endswith("*") and len(last) > 1 else last
    parts = ["default" if x == "*" else x.replace("*", "") for x in parts[:-1]] + [last.replace("*", "a")]
    return "/".join(parts)


def rows():
    yield from _command_rows()
    yield from _file_rows()


def _file_rows():
    """Read rows for the files a `collector: file` artifact collects (`path`, joined with each
    `name_pattern` when there is one), labelled as `_h3.read_row` labels them."""
    from _h3 import read_row
    commit = head(REPO)
    for path in ls(REPO, "artifacts/files"):
        if not path.endswith((".yaml", ".yml")):
            continue
        cur = None
        for n, line in enumerate(show(REPO, path).split("\n"), 1):
            if line.strip() == "-":
                cur = None
            m = _PATH.match(line)
            if m:
                cur = (n, m.group(1).strip("'\""))
                if "{" in cur[1]:
                    cur = None
                    continue
                r = read_row(SOURCE, _inst(cur[1]), blob_url(REPO, commit, path, n))
                if r:
                    yield r
                continue
            m = _NAMES.match(line)
            if m and cur:
                for name in re.findall(r"\"([^\"]+)\"", m.group(1)):
                    r = read_row(SOURCE, _inst(cur[1].rstrip("/") + "/" + name), blob_url(REPO, commit, path, n))
                    if r:
                        yield r


def _command_rows():
    """One row per one-line `command:` field (block scalars left out), quotes around it removed."""
    commit = head(REPO)
    for path in ls(REPO, "artifacts"):
        if not path.endswith((".yaml", ".yml")):
            continue
        for n, line in enumerate(show(REPO, path).split("\n"), 1):
            m = _CMD.match(line)
            if not m or m.group(1) in ("|", ">", "|-", ">-"):
                continue
            cmd = m.group(1)
            if len(cmd) > 1 and cmd[0] == cmd[-1] and cmd[0] in "'\"":
                cmd = cmd[1:-1]
            if uses_outside_vars(cmd) or "%" in cmd:
                continue
            r = danger_row(SOURCE, cmd, blob_url(REPO, commit, path, n))
            if r:
                yield r
