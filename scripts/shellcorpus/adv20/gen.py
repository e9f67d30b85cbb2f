#!/usr/bin/env python3
"""Builds calls.jsonl of the adv20 set (web / mobile product work with SaaS tooling) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv18's adv18/gen.py (same row format, so ../adv11/run.py runs it; only this
header, the benign class word lists and the skipping of leading VAR=value words in the benign class
changed). The sessions were written by hand by one author (h-adv20) in one sitting on
2026-12-06, from hookward's README and issue 11 only (no hookward source, rules, tables, tests,
BENCHMARKS.md or earlier sets' sessions were read). Each line of a sessions file is
one tool call:

    ## session NAME [mode=MODE]           starts a session (the rows' `task`); MODE is the payload's
                                          permission_mode for every row of the session (default: default)
    B [flags] :: CALL                     a benign call, expected `allow`
    D CLASS EXPECT ORIGIN [flags] :: CALL a dangerous call, expected EXPECT (ask/deny) at least

CALL is a shell command for the Bash tool (`⏎` stands for a newline), or a tool name
(Read, Write, Edit, MultiEdit, Glob, Grep, WebFetch, mcp__server__tool) followed by the
tool_input as JSON. Row flags: `bp` = bypassPermissions, `ae` = acceptEdits, `da` = dontAsk (they
override the session's mode); `cls=NAME` = the benign row's class; `note=TEXT_WITH_UNDERSCORES`.
Where nobody answers an ask (bypassPermissions and dontAsk for every tool; acceptEdits for Write,
Edit, MultiEdit, NotebookEdit: issue 11 item 6, README "Who answers an ask"), a dangerous row
must expect deny; gen.py checks it.
`@HOME@` / `@PROJ@` are replaced by the runner with the temp home / project folder (the agent's cwd
is the project, inside the home).
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, issue, log line,
web page or tool result slipped in). Benign rows get origin `benign`.
"""
import hashlib
import json
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent
TOOLS = ("Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "WebFetch", "NotebookEdit")
EDIT_TOOLS = ("Write", "Edit", "MultiEdit", "NotebookEdit")
MODES = {"bp": "bypassPermissions", "ae": "acceptEdits", "da": "dontAsk"}
# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs", "husky"}
PKG = {"npm", "pnpm", "yarn", "npx", "bun", "bunx", "pip", "pip3", "uv", "poetry", "pipx", "cargo",
       "go", "bundle", "gem", "composer", "brew", "corepack", "nvm", "volta", "pod", "deno"}
BUILD = {"python", "python3", "pytest", "make", "bin/rails", "rails", "rake", "bin/rake", "bin/dev", "php",
         "./vendor/bin/phpunit", "./vendor/bin/pest", "./vendor/bin/pint", "tsc", "eslint", "prettier",
         "vitest", "jest", "node", "ruff", "mypy", "rubocop", "bin/rspec", "rspec", "next", "vite",
         "turbo", "nx", "biome", "lighthouse", "k6", "tailwindcss", "storybook", "./manage.py", "django-admin",
         "gunicorn", "uvicorn", "black", "actionlint", "gitleaks", "trivy", "semgrep", "shellcheck"}
SAAS = {"stripe", "supabase", "firebase", "pscale", "neonctl", "turso", "vercel", "netlify", "wrangler",
        "railway", "fly", "flyctl", "render", "auth0", "clerk", "sentry-cli", "posthog", "ldcli",
        "doppler", "op", "heroku", "cloudflared", "ngrok", "resend", "mailpit", "algolia"}
MOBILE = {"eas", "expo", "adb", "emulator", "./gradlew", "gradle", "xcodebuild", "xcrun", "fastlane",
          "bundletool", "keytool", "react-native", "npx-react-native", "pod", "simctl", "apksigner",
          "agvtool", "plutil", "security", "codesign", "maestro", "detox"}
OPS = {"ssh", "scp", "rsync", "psql", "mysql", "redis-cli", "pg_dump", "pg_restore", "sqlite3", "mongosh",
       "dig", "nslookup", "openssl", "crontab", "launchctl", "systemctl", "journalctl"}
CLOUD = {"aws", "gcloud", "az", "kubectl", "helm", "terraform", "docker", "docker-compose", "podman"}


def parse_call(text):
    text = text.strip()
    head = text.split(" ", 1)[0]
    if head in TOOLS or head.startswith("mcp__"):
        return head, json.loads(text[len(head):].strip())
    cmd = text.replace("⏎", "\n")
    words = cmd.split()
    desc = "Run " + " ".join(words[:3])[:60]
    return "Bash", {"command": cmd, "description": desc}


def benign_class(tool, ti):
    if tool.startswith("mcp__"):
        return "benign-mcp"
    if tool != "Bash":
        return {"Read": "benign-read", "Write": "benign-write", "Edit": "benign-edit",
                "MultiEdit": "benign-edit", "NotebookEdit": "benign-edit", "Glob": "benign-search",
                "Grep": "benign-search", "WebFetch": "benign-webfetch"}[tool]
    c = ti["command"].lstrip("( ")
    words = c.split()
    while len(words) > 1 and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
        words = words[1:]
    first = words[0] if words else ""
    if first in ("sudo", "env", "time", "nice") and len(words) > 1:
        first = words[1]
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in BUILD:
        return "benign-build-test-lint"
    if first in SAAS:
        return "benign-saas-cli"
    if first in MOBILE:
        return "benign-mobile"
    if first in CLOUD:
        return "benign-cloud-container"
    if first in OPS:
        return "benign-ops"
    if re.search(r"(^|/)(rm|kill|pkill|git reset|git clean)\b", c.split("\n")[0]):
        return "benign-scary-looking"
    return "benign-shell"


def main():
    rows = []
    for f in sorted(HERE.glob("sessions_*.txt"), key=lambda p: int(re.findall(r"\d+", p.name)[0])):
        task = None
        mode = "default"
        nb = nd = 0
        for ln, line in enumerate(f.read_text().splitlines(), 1):
            if not line.strip() or line.startswith("# "):
                continue
            if line.startswith("## session "):
                w = line.split()
                task = w[2]
                mode = "default"
                for x in w[3:]:
                    if x.startswith("mode="):
                        mode = MODES.get(x[5:], x[5:])
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
                elif w in MODES:
                    flags["mode"] = MODES[w]
            try:
                tool, ti = parse_call(call)
            except json.JSONDecodeError as e:
                raise SystemExit(f"{f.name}:{ln}: bad JSON: {e}")
            pm = flags.get("mode", mode)
            r = {"task": task, "tool": tool, "tool_input": ti}
            if hw[0] == "B":
                nb += 1
                r.update(id=f"{task}-b{nb:02d}", cls=flags.get("cls") or benign_class(tool, ti),
                         expect="allow", origin="benign")
            elif hw[0] == "D":
                nd += 1
                cls, exp, origin = hw[1], hw[2], hw[3]
                if exp not in ("ask", "deny") or origin not in ("accident", "injected"):
                    raise SystemExit(f"{f.name}:{ln}: bad expect/origin {exp!r} {origin!r}")
                nobody = pm in ("bypassPermissions", "dontAsk") or (pm == "acceptEdits" and tool in EDIT_TOOLS)
                if nobody and exp != "deny":
                    raise SystemExit(f"{f.name}:{ln}: nobody answers an ask in {pm} for {tool}: expect deny")
                r.update(id=f"{task}-d{nd:02d}", cls=cls, expect=exp, origin=origin)
                if nobody:
                    r["note"] = f"at least ask in default mode; in {pm} nobody answers an ask (issue 11 item 6)"
            else:
                raise SystemExit(f"{f.name}:{ln}: bad head {head!r}")
            if pm != "default":
                r["permission_mode"] = pm
            if flags.get("note"):
                r["note"] = flags["note"]
            r["class"] = r.pop("cls")
            rows.append(r)
    ids = [r["id"] for r in rows]
    dup = {i for i in ids if ids.count(i) > 1}
    assert not dup, f"duplicate ids {sorted(dup)[:5]}"
    order = ["id", "task", "class", "expect", "origin", "tool", "tool_input", "permission_mode", "note"]
    out = "".join(json.dumps({k: r[k] for k in order if k in r}, ensure_ascii=False) + "\n" for r in rows)
    (HERE / "calls.jsonl").write_text(out)
    digest = hashlib.sha256(out.encode()).hexdigest()
    (HERE / "calls.jsonl.sha256").write_text(f"{digest}  calls.jsonl\n")
    b = sum(r["expect"] == "allow" for r in rows)
    print(f"{len(rows)} rows: {b} benign, {len(rows)-b} dangerous, "
          f"{len({r['task'] for r in rows})} sessions; sha256 {digest}")
    cl = {}
    for r in rows:
        cl[r["class"]] = cl.get(r["class"], 0) + 1
    for k in sorted(cl):
        print(f"  {k}: {cl[k]}")


if __name__ == "__main__":
    main()
