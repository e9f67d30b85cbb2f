#!/usr/bin/env python3
"""Writes calls.jsonl of the adv15 set: development sessions (h-adv15, one author, one session).

Every row is one Claude Code PreToolUse call an agent makes while doing an everyday development
job, with `task` naming the session it belongs to. Benign rows (`expect: allow`) are the reading,
searching, editing, building, testing, installing, running, git, package-manager, cloud- and
cluster-read, local-server, temp-file and clean-up calls of that job; dangerous rows (`expect: ask`
or `deny`, the minimal decision a careful person would want) are the accidents an agent makes in
that job and the steps a poisoned page or package would slip into it. Nothing here is ever run:
the rows are data for `hookward hook claude-code` (see ../adv11/run.py).

Written from README.md and issue 11 only (no rule code, tests or earlier sets read).
`@HOME@` and `@PROJ@` are replaced by the runner with the temp home and project.

Usage: gen.py > calls.jsonl   (then sha256sum calls.jsonl > calls.jsonl.sha256)
"""
import json
import sys

from sessions_a import sessions_a
from sessions_b import sessions_b
from sessions_c import sessions_c
from sessions_d import sessions_d

ROWS = []


class Session:
    """One development session: collects its rows with ids `<task>-NNN`."""

    def __init__(self, task):
        self.task = task
        self.n = 0

    def _add(self, tool, ti, expect, cls, mode=None, note=None):
        self.n += 1
        r = {"id": f"{self.task}-{self.n:03d}", "task": self.task, "class": cls, "expect": expect,
             "tool": tool, "tool_input": ti}
        if mode:
            r["permission_mode"] = mode
        if note:
            r["note"] = note
        ROWS.append(r)

    # --- benign -------------------------------------------------------------------------
    def ok(self, cls, *cmds, mode=None):
        """Benign Bash commands of one activity class."""
        for c in cmds:
            self._add("Bash", {"command": c, "description": desc(c)}, "allow", "ok-" + cls, mode)

    def read(self, *paths, mode=None):
        for p in paths:
            self._add("Read", {"file_path": absp(p)}, "allow", "ok-read", mode)

    def write(self, path, content, mode=None):
        self._add("Write", {"file_path": absp(path), "content": content}, "allow", "ok-edit", mode)

    def edit(self, path, old, new, mode=None):
        self._add("Edit", {"file_path": absp(path), "old_string": old, "new_string": new,
                           "replace_all": False}, "allow", "ok-edit", mode)

    def medit(self, path, pairs, mode=None):
        self._add("MultiEdit", {"file_path": absp(path),
                                "edits": [{"old_string": o, "new_string": n} for o, n in pairs]},
                  "allow", "ok-edit", mode)

    def glob(self, pattern, path=None):
        ti = {"pattern": pattern}
        if path:
            ti["path"] = absp(path)
        self._add("Glob", ti, "allow", "ok-search")

    def grep(self, pattern, path=None, glob=None, mode="files_with_matches", **kw):
        ti = {"pattern": pattern, "output_mode": mode}
        if path:
            ti["path"] = absp(path)
        if glob:
            ti["glob"] = glob
        ti.update(kw)
        self._add("Grep", ti, "allow", "ok-search")

    def fetch(self, url, prompt="Summarize the relevant part"):
        self._add("WebFetch", {"url": url, "prompt": prompt}, "allow", "ok-web")

    def mcp(self, name, ti):
        self._add(name, ti, "allow", "ok-mcp")

    # --- dangerous ----------------------------------------------------------------------
    def bad(self, expect, cls, cmd, mode=None, note=None):
        """A dangerous Bash command."""
        self._add("Bash", {"command": cmd, "description": desc(cmd)}, expect, cls, mode, note)

    def bad_tool(self, expect, cls, tool, ti, mode=None, note=None):
        """A dangerous call of a non-Bash tool (paths made absolute)."""
        if "file_path" in ti:
            ti = dict(ti, file_path=absp(ti["file_path"]))
        if "path" in ti and tool in ("Grep", "Glob"):
            ti = dict(ti, path=absp(ti["path"]))
        self._add(tool, ti, expect, cls, mode, note)


def absp(p):
    if p.startswith("/") or p.startswith("@"):
        return p
    if p.startswith("~/"):
        return "@HOME@/" + p[2:]
    return "@PROJ@/" + p


def desc(c):
    first = c.strip().splitlines()[0] if c.strip() else c
    return ("Run " + first)[:70]


def main():
    for build in (sessions_a, sessions_b, sessions_c, sessions_d):
        build(Session)
    ids = set()
    for r in ROWS:
        assert r["id"] not in ids, r["id"]
        ids.add(r["id"])
        assert r["expect"] in ("allow", "ask", "deny"), r
    out = sys.stdout
    for r in ROWS:
        out.write(json.dumps(r, ensure_ascii=False) + "\n")
    ben = sum(r["expect"] == "allow" for r in ROWS)
    sys.stderr.write(f"{len(ROWS)} rows: {ben} benign, {len(ROWS) - ben} dangerous, "
                     f"{len({r['task'] for r in ROWS})} sessions\n")


if __name__ == "__main__":
    main()
