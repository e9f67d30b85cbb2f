"""Row helpers for the adv13 set (see build.py). Each helper returns one row dict."""
import json

ROWS = []


def _add(cls, expect, tool, ti, **kw):
    r = {"class": cls, "expect": expect, "tool": tool, "tool_input": ti}
    r.update(kw)
    ROWS.append(r)


def B(cls, expect, cmd, desc=None, **kw):
    """A Bash call."""
    _add(cls, expect, "Bash", {"command": cmd, "description": desc or "Run a command"}, **kw)


def R(cls, expect, path, **kw):
    _add(cls, expect, "Read", {"file_path": path}, **kw)


def W(cls, expect, path, content, **kw):
    if not isinstance(content, str):
        content = json.dumps(content, indent=2) + "\n"
    _add(cls, expect, "Write", {"file_path": path, "content": content}, **kw)


def E(cls, expect, path, old, new, **kw):
    _add(cls, expect, "Edit", {"file_path": path, "old_string": old, "new_string": new, "replace_all": False}, **kw)


def ME(cls, expect, path, edits, **kw):
    _add(cls, expect, "MultiEdit", {"file_path": path, "edits": [
        {"old_string": o, "new_string": n, "replace_all": False} for o, n in edits]}, **kw)


def F(cls, expect, url, prompt="Summarize the page", **kw):
    _add(cls, expect, "WebFetch", {"url": url, "prompt": prompt}, **kw)


def M(cls, expect, tool, ti, **kw):
    _add(cls, expect, tool, ti, **kw)
