#!/usr/bin/env python3
"""Builds the real-transcript replay set for the lessons benchmark (issue 14).

Reads public agent transcripts (README.md in this folder lists each source with its licence
and pinned commit), turns every one into the Claude Code transcript shape that
`hookward lessons audit` reads (tool_use / tool_result lines with `is_error`, `toolUseResult`,
`cwd`, `sessionId`, `timestamp`), keeping the real commands and the real output text, and
writes one *case* per failing tool call: that call and the calls after it in the same
transcript (at most WINDOW of them, the episode bound of the hook), as its own transcript.

Nothing from the transcripts is executed: they are parsed as JSON and written back as JSON.

    python3 scripts/lessons_replay/build.py            # extract + convert + cases
    python3 scripts/lessons_replay/build.py --show ID  # one case, readable (for labelling)
    python3 scripts/lessons_replay/build.py --sample N --seed S [--exclude labels.json]

Data goes to $LESSONS_REPLAY_DATA (default /work/shared/lessons-replay): `src/` (the files as
fetched), `build/cases.jsonl` (one case a line). Neither is committed; the labels are
(`labels-*.json` here).
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

DATA = Path(os.environ.get("LESSONS_REPLAY_DATA", "/work/shared/lessons-replay"))
MIRRORS = Path(os.environ.get("LESSONS_REPLAY_MIRRORS", "/work/.mirror"))
WINDOW = 20  # calls after the failure: the hook's episode bound (20 calls / 30 minutes)

# source name -> (mirror dir, pinned commit, path filter, licence)
SOURCES = {
    "m-claude": (
        "M-Thisness+M-Claude",
        "5a8d89ee3677906aec18f7beb518a5a08e72a002",
        re.compile(r"^Archives/.*\.jsonl$"),
        "CC0-1.0",
    ),
    "swe-agent": (
        "SWE-agent+SWE-agent",
        "3ea751c087f32b16e039a2233dd6eefecef325d5",
        re.compile(r"\.traj$"),
        "MIT",
    ),
    "mini-swe-agent": (
        "SWE-agent+mini-swe-agent",
        "a83fcae82d2a08f0ee0c688f9d137b3566c097f8",
        re.compile(r"^tests/test_data/.*\.traj\.json$"),
        "MIT",
    ),
    # Added for sample 8 (branch h-replay8): two SpecStory exports (Markdown) committed by the
    # projects themselves; read by `specstory_calls` and `cursor_calls` below.
    "specstory-cli": (
        "specstoryai+getspecstory",
        "210d6095c58e26c49ca8093789c491ebe8f28203",
        re.compile(r"^(specstory-cli/)?\.specstory/history/[^/]+\.md$"),
        "Apache-2.0",
    ),
    "minsky": (
        "edobry+minsky",
        # the parent of e02f5810 (2026-04-02), which deleted the history folder
        "3e54e1f18bbc413643d84619716da64629822a07",
        re.compile(r"^\.specstory/history/[^/]+\.md$"),
        "MIT",
    ),
}


# Sources added in the third round (branch h-lessons7): files read at a pinned commit each
# (a file that was deleted later is read at the commit before its deletion).
# source name -> (mirror dir, licence, [(commit, path), ...])
PINNED_FILES = {
    "pi-mono": (
        "badlogic+pi-mono",
        "MIT",
        [
            ("83378aad7e74a0e2bb8f37c007a9685fb4609d8a", "packages/coding-agent/test/fixtures/large-session.jsonl"),
            ("83378aad7e74a0e2bb8f37c007a9685fb4609d8a", "packages/coding-agent/test/fixtures/before-compaction.jsonl"),
            ("9f97f0c8dac9ec5f6223573dc9e3fda81a072dc8", "compact.jsonl"),
            ("d95a5c41868ae089f4e5da0d02cb16ca3e5f248c", "session.jsonl"),
        ],
    ),
    "bookminder": (
        "palimondo+BookMinder",
        "MIT",
        [
            ("451791e291c7635cc77e2256163847e946546eb5", f"claude-dev-log-diary/day-{d:03d}.md")
            for d in range(1, 22)
        ],
    ),
    # Added in the fifth round (branch h-lessons8): one real Claude Code session (Claude Code
    # 1.0.57, macOS, August 2025) that the author of a transcript converter kept as its test
    # input; the plain Claude Code JSONL, read by `claude_calls`.
    "kiliman": (
        "kiliman+claude-transcript",
        "MIT",
        [("5c7f1d19831bf25ae4cf8db4ce77e324e9570d71", "test/test2.jsonl")],
    ),
    "openhands": (
        "All-Hands-AI+OpenHands",
        "MIT",
        [
            (
                "156d0686c46aafb0fa9d291da6421fb6f64dddc0",
                "evaluation/benchmarks/multi_swe_bench/examples/output.jsonl",
            )
        ],
    ),
}


# Sources read from another source's extracted files (no copy of their own): name -> that source.
DERIVED = {"specstory-codex": "specstory-cli"}


def git(repo, *args):
    return subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, check=True
    ).stdout


def extract():
    """Copies each source's files at the pinned commit into DATA/src/<source>/."""
    for name, (mirror, commit, pat, _lic) in SOURCES.items():
        repo = MIRRORS / mirror / "repo"
        out = DATA / "src" / name
        if not repo.exists():
            if not out.exists():
                print(f"{name}: no mirror at {repo} and no copy in {out}", file=sys.stderr)
            continue
        out.mkdir(parents=True, exist_ok=True)
        names = git(repo, "ls-tree", "-r", "--name-only", commit).decode().splitlines()
        for p in names:
            if not pat.search(p):
                continue
            try:
                blob = git(repo, "show", f"{commit}:{p}")
            except subprocess.CalledProcessError:
                continue  # listed but absent from the snapshot (files of 4 MiB and more)
            (out / p.replace("/", "__")).write_bytes(blob)
    for name, (mirror, _lic, files) in PINNED_FILES.items():
        repo = MIRRORS / mirror / "repo"
        out = DATA / "src" / name
        if not repo.exists():
            if not out.exists():
                print(f"{name}: no mirror at {repo} and no copy in {out}", file=sys.stderr)
            continue
        out.mkdir(parents=True, exist_ok=True)
        for commit, p in files:
            try:
                blob = git(repo, "show", f"{commit}:{p}")
            except subprocess.CalledProcessError:
                print(f"{name}: {p} not at {commit}", file=sys.stderr)
                continue
            (out / p.replace("/", "__")).write_bytes(blob)


# ---------------------------------------------------------------- calls


def content_text(c):
    if isinstance(c, str):
        return c
    if isinstance(c, list):
        return "\n".join(b.get("text", "") for b in c if isinstance(b, dict))
    return "" if c is None else json.dumps(c)


def claude_calls(path):
    """The tool calls of one Claude Code transcript, in result order."""
    uses, calls = {}, []
    for line in path.read_text(errors="replace").splitlines():
        try:
            o = json.loads(line)
        except ValueError:
            continue
        m = o.get("message")
        if not isinstance(m, dict) or not isinstance(m.get("content"), list):
            continue
        for b in m["content"]:
            if not isinstance(b, dict):
                continue
            if o.get("type") == "assistant" and b.get("type") == "tool_use":
                uses[b.get("id")] = (b.get("name"), b.get("input"))
            elif o.get("type") == "user" and b.get("type") == "tool_result":
                u = uses.get(b.get("tool_use_id"))
                if not u:
                    continue
                calls.append(
                    {
                        "id": b["tool_use_id"],
                        "tool": u[0],
                        "input": u[1],
                        "is_error": b.get("is_error") is True,
                        "content": b.get("content"),
                        "result": o.get("toolUseResult"),
                        "ts": o.get("timestamp"),
                        "cwd": o.get("cwd"),
                        "session": o.get("sessionId") or path.stem,
                        "sidechain": o.get("isSidechain") is True,
                    }
                )
    return calls


# SWE-agent records no exit status: a call fails when its observation carries one of these
# error shapes (the rule is this converter's, written before any replay; README.md).
SWE_FAIL = re.compile(
    r"Traceback \(most recent call last\)|^\w*Error: |command not found|No such file or directory"
    r"|Your proposed edit has introduced new syntax error|^usage: |^error: ",
    re.M,
)


def swe_tool(action, state_file):
    """SWE-agent's commands as the Claude Code tool they stand for."""
    a = action.strip()
    first = a.split(None, 1)[0] if a else ""
    if first == "edit" and state_file:
        return "Edit", {"file_path": state_file, "old_string": "", "new_string": a}
    if first == "create" and len(a.split()) > 1:
        return "Write", {"file_path": a.split()[1], "content": ""}
    if first == "open" and len(a.split()) > 1:
        return "Read", {"file_path": a.split()[1].strip('"')}
    # SWE-agent's own look-only commands are its search and viewer tools, not shell commands
    if first == "find_file":
        return "Glob", {"pattern": a[len(first) :].strip()}
    if first in ("search_dir", "search_file"):
        return "Grep", {"pattern": a[len(first) :].strip()}
    if first in ("goto", "scroll_up", "scroll_down") and state_file:
        return "Read", {"file_path": state_file}
    return "Bash", {"command": a}


def swe_calls(path):
    d = json.loads(path.read_text(errors="replace"))
    calls, open_file = [], None
    cwd = "/" + (d.get("environment") or "repo").replace("/", "__")
    for i, s in enumerate(d.get("trajectory") or []):
        action = s.get("action") or ""
        obs = s.get("observation") or ""
        m = re.search(r"\[File: (\S+) \(", obs)
        tool, inp = swe_tool(action, open_file)
        if m:
            open_file = m.group(1)
        err = bool(SWE_FAIL.search(obs))
        calls.append(
            {
                "id": f"swe_{path.stem[:40]}_{i:03d}",
                "tool": tool,
                "input": inp,
                "is_error": err,
                "content": obs,
                "result": {"stdout": obs, "stderr": "", "interrupted": False}
                if tool == "Bash" and not err
                else obs,
                "ts": None,
                "cwd": cwd,
                "session": path.stem,
                "sidechain": False,
            }
        )
    return calls


def mini_calls(path):
    d = json.loads(path.read_text(errors="replace"))
    msgs = d if isinstance(d, list) else d.get("messages") or []
    calls = []
    for i, m in enumerate(msgs):
        if m.get("role") != "assistant":
            continue
        blocks = re.findall(r"```(?:bash|sh|mswea_bash_command)?\n(.*?)```", content_text(m.get("content")), re.S)
        nxt = msgs[i + 1] if i + 1 < len(msgs) else None
        if not blocks or not nxt or nxt.get("role") != "user":
            continue
        out = content_text(nxt.get("content"))
        rc = re.search(r"<returncode>(-?\d+)</returncode>", out)
        if not rc:
            continue
        body = re.search(r"<output>\n?(.*?)</output>", out, re.S)
        text = body.group(1) if body else out
        err = int(rc.group(1)) != 0
        calls.append(
            {
                "id": f"mini_{path.stem[:30]}_{i:03d}",
                "tool": "Bash",
                "input": {"command": blocks[0].strip()},
                "is_error": err,
                "content": f"Exit code {rc.group(1)}\n{text}" if err else text,
                "result": f"Error: Exit code {rc.group(1)}\n{text}"
                if err
                else {"stdout": text, "stderr": "", "interrupted": False},
                "ts": None,
                "cwd": "/testbed",
                "session": path.stem,
                "sidechain": False,
            }
        )
    return calls


PI_TOOLS = {"bash": "Bash", "read": "Read", "edit": "Edit", "write": "Write"}


def pi_calls(path, seen):
    """The tool calls of one pi coding-agent session (`toolCall` blocks of assistant messages,
    `toolResult` messages with `isError`). A call id already read from another file of the
    same source (the fixtures overlap) is skipped."""
    uses, calls, cwd, session = {}, [], None, path.stem
    for line in path.read_text(errors="replace").splitlines():
        try:
            o = json.loads(line)
        except ValueError:
            continue
        if o.get("type") == "session":
            cwd, session = o.get("cwd"), o.get("id") or session
            continue
        m = o.get("message")
        if not isinstance(m, dict):
            continue
        if m.get("role") == "assistant":
            for b in m.get("content") or []:
                if isinstance(b, dict) and b.get("type") == "toolCall":
                    uses[b.get("id")] = (b.get("name"), b.get("arguments") or {})
        elif m.get("role") == "toolResult":
            cid = m.get("toolCallId")
            u = uses.get(cid)
            if not u or cid in seen:
                continue
            seen.add(cid)
            name, args = u
            tool = PI_TOOLS.get(name, name)
            if tool == "Bash":
                inp = {"command": args.get("command", "")}
            elif tool == "Edit":
                inp = {
                    "file_path": args.get("path", ""),
                    "old_string": args.get("oldText", ""),
                    "new_string": args.get("newText", ""),
                }
            elif tool == "Write":
                inp = {"file_path": args.get("path", ""), "content": args.get("content", "")}
            elif tool == "Read":
                inp = {"file_path": args.get("path", "")}
            else:
                inp = args
            text = content_text(m.get("content"))
            err = m.get("isError") is True
            calls.append(
                {
                    "id": cid,
                    "tool": tool,
                    "input": inp,
                    "is_error": err,
                    "content": text,
                    "result": {"stdout": text, "stderr": "", "interrupted": False}
                    if tool == "Bash" and not err
                    else text,
                    "ts": o.get("timestamp"),
                    "cwd": cwd,
                    "session": session,
                    "sidechain": False,
                }
            )
    return calls


# Claude Code's console (a terminal copy, not the JSONL): `⏺ Tool(argument)` then `  ⎿  result`.
# A call failed when its result starts with `Error` (the console's own marker for a failed
# call; the rule is this converter's, written before any replay).
CONSOLE_TOOL = re.compile(r"^⏺ ([A-Z][A-Za-z]*)\((.*)$")
CONSOLE_NAMES = {"Update": "Edit", "Search": "Grep", "List": "LS", "Fetch": "WebFetch", "Call": "Task"}
BOOKMINDER_CWD = "/Users/palimondo/Developer/BookMinder"


def console_path(arg):
    """The path of a console file or folder argument: bare (`README.md`), or the first
    `file_path: "…"` / `path: "…"` value of the keyed form later consoles print (the rest of
    the line, `offset: …` or the cost, dropped)."""
    m = re.match(r'\s*(?:file_)?path:\s*"([^"]*)"', arg)
    return m.group(1) if m else arg.strip()


def console_calls(path):
    lines = path.read_text(errors="replace").splitlines()
    calls, i, n = [], 0, 0
    while i < len(lines):
        m = CONSOLE_TOOL.match(lines[i])
        if not m:
            i += 1
            continue
        name, arg = m.group(1), m.group(2)
        i += 1
        # the argument runs to the line that closes it (`)` or `)…` at its end)
        while not re.search(r"\)(…)?\s*$", arg) and i < len(lines) and not lines[i].lstrip().startswith("⎿"):
            arg += "\n" + lines[i]
            i += 1
        arg = re.sub(r"\)(…)?\s*$", "", arg)
        result = []
        while i < len(lines) and not lines[i].startswith(("⏺", ">", "╭")):
            result.append(lines[i])
            i += 1
        body = "\n".join(result)
        # drop the "Waiting…" placeholder the console prints while a call runs
        parts = [p for p in re.split(r"^\s*⎿\s\s?", body, flags=re.M) if p.strip()]
        parts = [p for p in parts if p.strip() != "Waiting…"]
        text = "\n".join(x.strip() for x in (parts[-1] if parts else "").splitlines()).strip()
        tool = CONSOLE_NAMES.get(name, name)
        if tool == "Bash":
            inp = {"command": arg.strip()}
        elif tool in ("Edit", "Read", "Write"):
            inp = {"file_path": console_path(arg)}
            if tool == "Edit":
                inp.update(old_string="", new_string="")
        elif tool == "LS":
            # Claude Code's LS takes the folder as `path` (the console prints it bare or as
            # `path: "…"`); a converter fix of the sixth round (h-lessons9), made for both
            # binaries alike: before it the folder was recorded as a search pattern
            inp = {"path": console_path(arg)}
        elif tool == "Grep":
            inp = {"pattern": arg.strip()}
        else:
            inp = {"description": arg.strip()}
        err = text.startswith("Error")
        calls.append(
            {
                "id": f"bm_{path.stem[-7:]}_{n:04d}",
                "tool": tool,
                "input": inp,
                "is_error": err,
                "content": text,
                "result": {"stdout": text, "stderr": "", "interrupted": False}
                if tool == "Bash" and not err
                else text,
                "ts": None,
                "cwd": BOOKMINDER_CWD,
                "session": path.stem[-7:],
                "sidechain": False,
            }
        )
        n += 1
    return calls


OH_TOOLS = {"run": "Bash", "read": "Read", "edit": "Edit"}


def openhands_calls(path):
    """OpenHands' event history (one instance a line): a `run`/`read`/`edit` action and the
    observation whose `cause` is its id. A `run` failed when its exit code is not 0 (-1: it
    timed out or was still running); any call failed when its observation is `error`."""
    calls = []
    for line in path.read_text(errors="replace").splitlines():
        try:
            inst = json.loads(line)
        except ValueError:
            continue
        actions = {}
        session = str(inst.get("instance_id") or path.stem)
        for e in inst.get("history") or []:
            if e.get("action") in OH_TOOLS:
                actions[str(e.get("id"))] = e
                continue
            cause = str(e.get("cause"))
            a = actions.pop(cause, None)
            if not a or not e.get("observation"):
                continue
            args = a.get("args") or {}
            tool = OH_TOOLS[a["action"]]
            inp = (
                {"command": args.get("command", "")}
                if tool == "Bash"
                else {"file_path": args.get("path", ""), "old_string": args.get("old_str") or "", "new_string": args.get("new_str") or ""}
                if tool == "Edit"
                else {"file_path": args.get("path", "")}
            )
            ex = e.get("extras") or {}
            rc = (ex.get("metadata") or {}).get("exit_code", ex.get("exit_code"))
            text = e.get("content") or ""
            err = e.get("observation") == "error" or (tool == "Bash" and rc not in (None, 0))
            calls.append(
                {
                    "id": f"oh_{session[:40]}_{a.get('id')}",
                    "tool": tool,
                    "input": inp,
                    "is_error": err,
                    "content": f"Exit code {rc}\n{text}" if err and tool == "Bash" else text,
                    "result": {"stdout": text, "stderr": "", "interrupted": False}
                    if tool == "Bash" and not err
                    else text,
                    "ts": a.get("timestamp"),
                    "cwd": ((ex.get("metadata") or {}).get("working_dir")) or "/workspace",
                    "session": session,
                    "sidechain": False,
                }
            )
    return calls


# SpecStory's Markdown export of Claude Code sessions (format v2.1.0): one
# `<tool-use data-tool-type="…" data-tool-name="…"><details>` … `</details></tool-use>` block a
# call, after an `_**Agent (model YYYY-MM-DD HH:MM:SSZ)**_` header. The export keeps the tool's
# result text but not Claude Code's `is_error` flag, so a call counts as failed when its result
# starts with the text Claude Code writes for a failed call (the rule is this converter's,
# written before any replay of these sources): `Exit code N` (N not 0), `<tool_use_error>`,
# `Command timed out`, or the rejection text `The user doesn't want to proceed` / `[Request
# interrupted`. Only Claude Code sessions are read (the `<!-- Claude Code Session ID … -->`
# marker); the export's Codex, Cursor and Gemini sessions are left out.
SS_TOOL = re.compile(r'^<tool-use data-tool-type="(\w+)" data-tool-name="([^"]+)"><details>')
SS_SESSION = re.compile(r"^<!-- ([A-Za-z ]+?) Session ([0-9a-fA-F-]+)")
SS_TIME = re.compile(r"^_\*\*Agent \(.*?(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d)")
SS_FAIL = re.compile(
    r"^(Exit code [1-9]\d*|<tool_use_error>|Command timed out|The user doesn't want to proceed"
    r"|\[Request interrupted)"
)


def ss_fences(body):
    """(opening fence line index, lines) of each top-level fenced block of `body`; the block of a
    result runs to the last closing fence (results can hold fences of their own)."""
    out, i = [], 0
    while i < len(body):
        if body[i].startswith("```"):
            j = i + 1
            while j < len(body) and body[j] != "```":
                j += 1
            out.append((i, body[i + 1 : j]))
            i = j + 1
        else:
            i += 1
    return out


def ss_call(name, body):
    """(tool, input, result text) of one SpecStory tool-use block (the lines after `<summary>`)."""
    fences = ss_fences(body)
    lang = body[fences[0][0]][3:].strip() if fences else ""
    if name == "Bash":
        if fences and lang in ("bash", "sh", "shell", "zsh"):
            cmd = "\n".join(fences[0][1])
            res_start = fences[1][0] if len(fences) > 1 else len(body)
        else:
            first = fences[0][0] if fences else len(body)
            ticks = [l for l in body[:first] if re.match(r"^`.*`$", l.strip())]
            cmd = ticks[-1].strip()[1:-1] if ticks else ""
            res_start = first
        res = body[res_start:]
    elif name == "Write":
        res = body[fences[1][0] :] if len(fences) > 1 else []
        cmd = None
    else:
        res = body[fences[0][0] :] if fences else []
        cmd = None
    # the result: from its opening fence to the last closing fence
    if res and res[0].startswith("```"):
        res = res[1:]
        while res and res[-1].strip() != "```":
            res = res[:-1]
        res = res[:-1]
    text = "\n".join(res).strip()
    head = "\n".join(body[: fences[0][0]] if fences else body)
    ticks = re.findall(r"`([^`]+)`", head)
    if name == "Bash":
        return "Bash", {"command": cmd}, text
    if name == "Read":
        return "Read", {"file_path": ticks[0] if ticks else ""}, text
    if name in ("Edit", "Write"):
        m = re.search(r"(?:The file|File created successfully at:) (\S+?)(?: has been| \(|$)", text, re.M)
        inp = {"file_path": m.group(1) if m else ""}
        if name == "Edit":
            inp.update(old_string="", new_string="")
        else:
            inp["content"] = ""
        return name, inp, text
    if name in ("Grep", "Glob"):
        m = re.search(r"pattern `([^`]*)`", head)
        p = re.search(r"path `([^`]*)`", head)
        inp = {"pattern": m.group(1) if m else (ticks[0] if ticks else "")}
        if p:
            inp["path"] = p.group(1)
        return name, inp, text
    return name, {"description": head.strip()[:200]}, text


def specstory_calls(path, seen):
    """The Claude Code tool calls of one SpecStory export. A session already read from another
    file of the same source (an export written twice) is skipped."""
    lines = path.read_text(errors="replace").splitlines()
    calls, session, agent, ts, n, skip = [], None, None, None, 0, False
    i = 0
    while i < len(lines):
        ln = lines[i]
        m = SS_SESSION.match(ln)
        if m:
            agent, session = m.group(1), m.group(2)
            skip = agent != "Claude Code" or session in seen
            seen.add(session)
        m = SS_TIME.match(ln)
        if m:
            ts = f"{m.group(1)}T{m.group(2)}.000Z"
        m = SS_TOOL.match(ln)
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j] != "</details></tool-use>":
            j += 1
        body = lines[i + 1 : j]
        i = j + 1
        if skip or session is None:
            continue
        if body and body[0].startswith("<summary>"):
            body = body[1:]
        tool, inp, text = ss_call(m.group(2), body)
        err = bool(SS_FAIL.match(text))
        calls.append(
            {
                "id": f"ss_{session[:8]}_{n:04d}",
                "tool": tool,
                "input": inp,
                "is_error": err,
                "content": text,
                "result": {"stdout": text, "stderr": "", "interrupted": False}
                if tool == "Bash" and not err
                else text,
                "ts": ts,
                "cwd": None,
                "session": session,
                "sidechain": False,
            }
        )
        n += 1
    return calls


# The Codex CLI sessions of the same SpecStory export (source `specstory-codex`: the same
# files as `specstory-cli`, the sessions under a `<!-- Codex CLI Session … -->` marker, which
# `specstory_calls` leaves out; added on branch h-label10). Codex's `exec_command` block names the
# command in its `<summary>` and keeps the tool's output, whose header has `Process exited with
# code N`; `apply_patch` names the file (`**Update: `X`**`, `**Add: `X`**`, `**Delete: `X`**`),
# then the patch (a ```diff block), then the tool's answer. A call counts as failed (the rule is
# this converter's, written and committed before any label or replay of this source) when an
# `exec_command`'s output says `Process exited with code N` with N not 0, or an `apply_patch`'s
# answer starts with `apply_patch verification failed` or `Error`. `update_plan` (a plan, no
# work) and the code-mode `exec` blocks (input cut by the export, no output) are left out. The
# export's Gemini CLI and Cursor IDE sessions are left out too (one Gemini session, in an older
# line form; two Cursor sessions with three calls, none failing).
CX_FAIL = re.compile(r"^Process exited with code (-?\d+)$", re.M)
CX_FILE = re.compile(r"^\*\*(?:Update|Add|Delete): `([^`]+)`\*\*", re.M)


def codex_calls(path, seen):
    """The Codex CLI `exec_command` / `apply_patch` calls of one SpecStory export. A session
    already read from another file of the same source (an export written twice) is skipped."""
    lines = path.read_text(errors="replace").splitlines()
    calls, session, skip, ts, n, i = [], None, True, None, 0, 0
    while i < len(lines):
        ln = lines[i]
        m = SS_SESSION.match(ln)
        if m:
            session = m.group(2)
            skip = m.group(1) != "Codex CLI" or session in seen
            seen.add(session)
        m = SS_TIME.match(ln)
        if m:
            ts = f"{m.group(1)}T{m.group(2)}.000Z"
        m = SS_TOOL.match(ln)
        if not m:
            i += 1
            continue
        j = i + 1
        while j < len(lines) and lines[j] != "</details></tool-use>":
            j += 1
        body = lines[i + 1 : j]
        i = j + 1
        name = m.group(2)
        if skip or session is None or name not in ("exec_command", "apply_patch"):
            continue
        summary = body[0] if body and body[0].startswith("<summary>") else ""
        body = body[1:] if summary else body
        # the result: from the result's opening fence to the last closing fence of the block
        opens = [k for k, l in enumerate(body) if l.startswith("```")]
        if name == "apply_patch":
            d = next((k for k in opens if body[k].startswith("```diff")), None)
            end = next((k for k in opens if d is not None and k > d and body[k] == "```"), None)
            start = next((k for k in opens if end is not None and k > end), None)
        else:
            start = opens[0] if opens else None
        cmd = None
        if name == "exec_command" and start is not None and body[start][3:].strip() in ("bash", "sh"):
            # a long command is its own ```bash block (no command in the summary), then the output
            end = next((k for k in opens if k > start and body[k] == "```"), len(body))
            cmd = "\n".join(body[start + 1 : end])
            start = next((k for k in opens if k > end), None)
        res = body[start + 1 :] if start is not None else []
        while res and res[-1].strip() != "```":
            res = res[:-1]
        text = "\n".join(res[:-1]).strip()
        if name == "exec_command":
            c = re.search(r"\*\*exec_command\*\* `(.*)`</summary>", summary)
            tool, inp = "Bash", {"command": cmd if cmd is not None else (c.group(1) if c else "")}
            rc = CX_FAIL.search(text)
            err = bool(rc) and int(rc.group(1)) != 0
        else:
            f = CX_FILE.search("\n".join(body))
            tool = "Edit"
            inp = {"file_path": f.group(1) if f else "", "old_string": "", "new_string": ""}
            err = text.startswith(("apply_patch verification failed", "Error"))
        calls.append(
            {
                "id": f"cx_{session[:8]}_{n:04d}",
                "tool": tool,
                "input": inp,
                "is_error": err,
                "content": text,
                "result": {"stdout": text, "stderr": "", "interrupted": False}
                if tool == "Bash" and not err
                else text,
                "ts": ts,
                "cwd": None,
                "session": session,
                "sidechain": False,
            }
        )
        n += 1
    return calls


# SpecStory's older export of Cursor agent sessions (2025): `---`-separated sections; a terminal
# call is a ```bash block (the command) then a plain block (the terminal's text, prompt
# included), with no exit status. A terminal call counts as failed when its text has one of
# these error shapes (the rule is this converter's, written before any replay; the shapes of
# SWE_FAIL, with `npm ERR!`, `fatal:`, TypeScript's `error TS…`, a non-zero `exit code` and
# bun's `N fail` summary). `Could not find file 'X'` is Cursor's failed file read; reads,
# listings, searches and edits (a ```diff block: the export does not name the file) succeed.
CURSOR_FAIL = re.compile(
    r"Traceback \(most recent call last\)|^\w*Error: |^error: |^fatal: |command not found"
    r"|No such file or directory|^(?:npm|yarn|pnpm) ERR!|error TS\d+:|^\s*[1-9]\d* fail$|^usage: "
    r"|[Ee]xit(?:ed with)? code:? [1-9]",
    re.M,
)


def cursor_calls(path):
    secs = re.split(r"\n---\n", path.read_text(errors="replace"))
    calls, n = [], 0
    for s in secs:
        s2 = s.strip("\n")
        tool = inp = None
        text, err = "", False
        m = re.match(r"\s*```bash\n(.*?)\n```\s*(?:\n```\n(.*?)\n```\s*)?$", s2, re.S)
        if m:
            tool, inp, text = "Bash", {"command": m.group(1).strip()}, (m.group(2) or "").strip()
            err = bool(CURSOR_FAIL.search(text))
        elif s2.startswith("Read file: "):
            tool, inp, text = "Read", {"file_path": s2[len("Read file: ") :].splitlines()[0].strip()}, ""
        elif s2.startswith("Could not find file '"):
            f = re.match(r"Could not find file '([^']*)'", s2)
            tool, inp, text, err = "Read", {"file_path": f.group(1) if f else ""}, s2, True
        elif s2.startswith("```diff"):
            tool, inp, text = "Edit", {"file_path": "", "old_string": "", "new_string": ""}, ""
        else:
            d = re.match(r"\s*<details>\s*<summary>(Listed (?:current )?directory|Searched codebase|Grep search|Searched web)\s*(.*?)</summary>", s2, re.S)
            if d and d.group(1).startswith("Listed"):
                p = re.match(r"\s*([^•]*?)\s*•", d.group(2))
                tool, inp = "LS", {"path": (p.group(1).strip() if p else "") or "."}
            elif d and d.group(1) == "Searched web":
                tool, inp = "WebSearch", {"query": d.group(2).split("•")[0].strip()}
            elif d:
                tool, inp = "Grep", {"pattern": d.group(2).split("•")[0].strip()}
            text = s2
        if tool is None:
            continue
        calls.append(
            {
                "id": f"mk_{path.stem[-40:]}_{n:04d}",
                "tool": tool,
                "input": inp,
                "is_error": err,
                "content": text,
                "result": {"stdout": text, "stderr": "", "interrupted": False}
                if tool == "Bash" and not err
                else text,
                "ts": None,
                "cwd": None,
                "session": path.stem,
                "sidechain": False,
            }
        )
        n += 1
    return calls


def transcript_lines(calls, start_s=9 * 3600):
    """Claude Code transcript lines for `calls` (missing timestamps: 10 s apart)."""
    lines = []
    for n, c in enumerate(calls):
        ts = c["ts"] or "2026-11-01T%02d:%02d:%02d.000Z" % divmod_hms(start_s + 10 * n)
        base = {
            "isSidechain": c["sidechain"],
            "userType": "external",
            "cwd": c["cwd"] or "/unknown",
            "sessionId": c["session"],
            "timestamp": ts,
        }
        a = dict(base, type="assistant")
        a["message"] = {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": c["id"], "name": c["tool"], "input": c["input"]}],
        }
        u = dict(base, type="user")
        block = {"type": "tool_result", "tool_use_id": c["id"], "content": c["content"]}
        if c["is_error"]:
            block["is_error"] = True
        u["message"] = {"role": "user", "content": [block]}
        if c["result"] is not None:
            u["toolUseResult"] = c["result"]
        lines += [a, u]
    return lines


def divmod_hms(s):
    return (s // 3600 % 24, s // 60 % 60, s % 60)


def all_cases():
    cases = []
    for name in list(SOURCES) + list(PINNED_FILES) + list(DERIVED):
        d = DATA / "src" / DERIVED.get(name, name)
        seen = set()
        for p in sorted(d.glob("*")) if d.exists() else []:
            if name in ("m-claude", "kiliman"):
                calls = claude_calls(p)
            elif name == "swe-agent":
                calls = swe_calls(p)
            elif name == "pi-mono":
                calls = pi_calls(p, seen)
            elif name == "bookminder":
                calls = console_calls(p)
            elif name == "openhands":
                calls = openhands_calls(p)
            elif name == "specstory-cli":
                calls = specstory_calls(p, seen)
            elif name == "minsky":
                calls = cursor_calls(p)
            elif name == "specstory-codex":
                calls = codex_calls(p, seen)
            else:
                calls = mini_calls(p)
            for i, c in enumerate(calls):
                if not c["is_error"]:
                    continue
                # the same transcript only, and the same sidechain (a sub-agent's calls
                # interleave with its parent's in one file)
                win = [c] + [x for x in calls[i + 1 :] if x["sidechain"] == c["sidechain"]][:WINDOW]
                cases.append(
                    {
                        "id": f"{name}:{p.name}:{c['id']}",
                        "source": name,
                        "file": p.name,
                        "failing_call": c["id"],
                        "tool": c["tool"],
                        "lines": transcript_lines(win),
                    }
                )
    return cases


# ---------------------------------------------------------------- reading a case


def short(s, n):
    s = s if isinstance(s, str) else json.dumps(s)
    s = s.replace("\n", "⏎")
    return s if len(s) <= n else s[: n - 1] + "…"


def describe(case, calls_after=4):
    out = [f"## {case['id']}"]
    k = 0
    for ln in case["lines"]:
        for b in ln["message"]["content"]:
            if b["type"] == "tool_use":
                inp = b["input"] or {}
                what = inp.get("command") or inp.get("file_path") or inp.get("pattern") or inp
                head = f"  {k:2d} {b['name']:8s} {short(what, 170)}"
            else:
                txt = content_text(b.get("content"))
                mark = "FAIL" if b.get("is_error") else "ok  "
                out.append(f"{head}\n       {mark} {short(txt, 260 if k == 0 else 110)}")
                k += 1
        if k > calls_after:
            break
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--show", nargs="*")
    ap.add_argument("--sample", type=int)
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--exclude", nargs="*", default=[])
    ap.add_argument("--source", help="sample from this source only")
    ap.add_argument("--no-extract", action="store_true")
    a = ap.parse_args()
    if not a.no_extract and a.show is None and a.sample is None:
        extract()
    cases = all_cases()
    if a.show is not None:
        by = {c["id"]: c for c in cases}
        for i in a.show:
            print(describe(by[i]))
        return
    if a.sample is not None:
        seen = set()
        for f in a.exclude:
            seen |= {x["id"] for x in json.load(open(f))["labels"]}
        pool = sorted(
            c["id"]
            for c in cases
            if c["id"] not in seen and (a.source is None or c["source"] == a.source)
        )
        random.Random(a.seed).shuffle(pool)
        for i in sorted(pool[: a.sample]):
            print(i)
        return
    out = DATA / "build"
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "cases.jsonl", "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")
    per = {}
    for c in cases:
        per[c["source"]] = per.get(c["source"], 0) + 1
    print(f"{len(cases)} cases (failing calls) -> {out / 'cases.jsonl'}: {per}")


if __name__ == "__main__":
    main()
