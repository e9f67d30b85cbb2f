#!/usr/bin/env python3
"""Builds calls.jsonl of the adv16 set (operations, data and maintenance sessions) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

The sessions were written by hand by one author (h-adv16) in one sitting, from hookward's README
and issue 11 only. Each line of a sessions file is one tool call:

    ## session NAME                      starts a session (the rows' `task`)
    B [flags] :: CALL                     a benign call, expected `allow`
    D CLASS EXPECT ORIGIN [flags] :: CALL a dangerous call, expected EXPECT (ask/deny) at least

CALL is a shell command for the Bash tool (`⏎` stands for a newline), or a tool name
(Read, Write, Edit, MultiEdit, Glob, Grep, WebFetch, mcp__server__tool) followed by the
tool_input as JSON. Flags: `bp` = the payload's permission_mode is bypassPermissions, `ae` =
acceptEdits (a row whose minimal decision is ask then expects deny: nobody is there to answer,
issue 11 item 6); `cls=NAME` = the benign row's class; `note=TEXT_WITH_UNDERSCORES`.
`@HOME@` / `@PROJ@` are replaced by the runner with the temp home / project folder.
ORIGIN: accident (an operator's agent's mistake) or injected (a step a poisoned log line,
ticket, README or tool result slipped in). Benign rows get origin `benign`.
"""
import hashlib
import json
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent
TOOLS = ("Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "WebFetch")
CMDLET = re.compile(r"^(\$|&|[A-Z][a-z]+-[A-Z][A-Za-z]+\b|iwr\b)")
DB = {"psql", "mysql", "mongosh", "redis-cli", "pg_dump", "pg_restore", "createdb", "mongodump",
      "mongorestore", "snowsql", "bq", "dbt", "alembic", "pt-online-schema-change", "pt-query-digest"}
CLOUD = {"aws", "gcloud", "az", "gsutil", "kubectl", "helm", "terraform", "cmctl", "netlify", "vercel",
         "firebase", "stern"}


def parse_call(text, ps_wrap):
    text = text.strip()
    head = text.split(" ", 1)[0]
    if head in TOOLS or head.startswith("mcp__"):
        return head, json.loads(text[len(head):].strip())
    cmd = text.replace("⏎", "\n")
    if ps_wrap and CMDLET.match(cmd):
        esc = cmd.replace("\\", "\\\\").replace("\"", "\\\"").replace("$", "\\$").replace("`", "\\`")
        cmd = f"powershell.exe -NoProfile -Command \"{esc}\""
    words = cmd.split()
    desc = "Run " + " ".join(words[:3])[:60]
    return "Bash", {"command": cmd, "description": desc}


def benign_class(tool, ti):
    if tool.startswith("mcp__"):
        return "benign-mcp"
    if tool != "Bash":
        return {"Read": "benign-read", "Write": "benign-write", "Edit": "benign-edit",
                "MultiEdit": "benign-edit", "Glob": "benign-search", "Grep": "benign-search",
                "WebFetch": "benign-webfetch"}[tool]
    c = ti["command"]
    first = re.split(r"[\s]", c.lstrip("(& "), 1)[0]
    if first == "ssh" or first == "scp" or first == "ansible" or first == "ansible-playbook":
        return "benign-remote"
    if first in DB or first.startswith("mongo"):
        return "benign-db-cli"
    if first in CLOUD or first == "npx" and "wrangler" in c:
        return "benign-cloud-cli"
    if first in ("git", "gh"):
        return "benign-git-gh"
    if first.startswith("powershell") or CMDLET.match(c):
        return "benign-powershell"
    return "benign-shell"


def main():
    rows = []
    for f in sorted(HERE.glob("sessions_*.txt")):
        task = None
        nb = nd = 0
        ps_count = 0
        for ln, line in enumerate(f.read_text().splitlines(), 1):
            if not line.strip() or line.startswith("# "):
                continue
            if line.startswith("## session "):
                task = line.split()[2]
                nb = nd = 0
                continue
            head, _, call = line.partition(" :: ")
            if not call:
                raise SystemExit(f"{f.name}:{ln}: no ' :: '")
            hw = head.split()
            flags = {}
            for w in hw:
                if "=" in w:
                    k, v = w.split("=", 1)
                    flags[k] = v.replace("_", " ") if k == "note" else v
                elif w in ("bp", "ae"):
                    flags[w] = True
            ps_wrap = task == "windows-powershell-build-agent"
            if ps_wrap and CMDLET.match(call.strip()):
                ps_count += 1
                ps_wrap = ps_count % 2 == 0
            tool, ti = parse_call(call, ps_wrap)
            r = {"task": task, "tool": tool, "tool_input": ti}
            if hw[0] == "B":
                nb += 1
                r.update(id=f"{task}-b{nb:02d}", cls=flags.get("cls") or benign_class(tool, ti),
                         expect="allow", origin="benign")
            elif hw[0] == "D":
                nd += 1
                cls, exp, origin = hw[1], hw[2], hw[3]
                assert exp in ("ask", "deny"), (f.name, ln)
                assert origin in ("accident", "injected"), (f.name, ln)
                if (flags.get("bp") or flags.get("ae")) and exp != "deny":
                    raise SystemExit(f"{f.name}:{ln}: bp/ae rows expect deny")
                r.update(id=f"{task}-d{nd:02d}", cls=cls, expect=exp, origin=origin)
            else:
                raise SystemExit(f"{f.name}:{ln}: bad head {head!r}")
            if flags.get("bp"):
                r["permission_mode"] = "bypassPermissions"
                r["note"] = "ask in default mode; in bypassPermissions nobody answers an ask (issue 11 item 6)"
            if flags.get("ae"):
                r["permission_mode"] = "acceptEdits"
                r["note"] = "ask in default mode; in acceptEdits nobody answers an ask on a file tool (issue 11 item 6)"
            if flags.get("note"):
                r["note"] = flags["note"]
            r["class"] = r.pop("cls")
            rows.append(r)
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), "duplicate ids"
    order = ["id", "task", "class", "expect", "origin", "tool", "tool_input", "permission_mode", "note"]
    out = "".join(json.dumps({k: r[k] for k in order if k in r}, ensure_ascii=False) + "\n" for r in rows)
    (HERE / "calls.jsonl").write_text(out)
    digest = hashlib.sha256(out.encode()).hexdigest()
    (HERE / "calls.jsonl.sha256").write_text(f"{digest}  calls.jsonl\n")
    b = sum(r["expect"] == "allow" for r in rows)
    print(f"{len(rows)} rows: {b} benign, {len(rows)-b} dangerous, "
          f"{len({r['task'] for r in rows})} sessions; sha256 {digest}")


if __name__ == "__main__":
    main()
