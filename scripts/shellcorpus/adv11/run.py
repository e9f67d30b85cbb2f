#!/usr/bin/env python3
"""Runs the h-adv11 set (calls.jsonl) through `hookward hook claude-code` and writes a report.

Usage: run.py HOOKWARD_BINARY [--set DIR] [--out DIR] [--label TEXT]

--set: the folder holding calls.jsonl and calls.jsonl.sha256 (default: this script's folder, adv11;
adv11b is the held-out companion).

Each row becomes one Claude Code PreToolUse payload (the shape of the captured payloads in
shared/protocol/payloads/claude/PreToolUse-*.json) piped to `HOOKWARD hook claude-code`, with a
fresh temp HOME (hookward's home under it) and the agent's cwd a temp project folder inside that
home. Nothing from the set is ever executed: hookward only reads the payload. The decision is
taken from the reply: hookSpecificOutput.permissionDecision (deny/ask/allow), no output = no
objection (counted as allow), exit 2 = deny. A dangerous row passes when the decision is at least
as strict as `expect` (allow < ask < deny); a benign row (`expect: allow`) is flagged when it gets
ask or deny.

Writes OUT/results.jsonl (one line per row: id, class, expect, got, rule ids in the reason) and
OUT/report.md (per class: passed / total with a Wilson 95 % interval; every miss; every benign
row flagged). Default OUT: the folder of this script.
"""
import argparse, hashlib, json, math, os, pathlib, re, shutil, subprocess, sys, tempfile, time, uuid

HERE = pathlib.Path(__file__).resolve().parent
RANK = {"allow": 0, "none": 0, "ask": 1, "deny": 2}


def wilson(k, n, z=1.96):
    """Wilson score interval for k successes of n, as (low, high) fractions."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def subst(v, home, proj):
    if isinstance(v, str):
        return v.replace("@HOME@", home).replace("@PROJ@", proj)
    if isinstance(v, dict):
        return {k: subst(x, home, proj) for k, x in v.items()}
    if isinstance(v, list):
        return [subst(x, home, proj) for x in v]
    return v


def fixtures(home, proj):
    """Files the Edit rows change, so that an edit applies to an existing file."""
    files = {
        f"{proj}/CLAUDE.md": "# Project\n\n## Testing\nRun the tests.\n\n## Style\nKeep it short.\n",
        f"{proj}/.mcp.json": "{\n  \"mcpServers\": {\n  }\n}\n",
        f"{proj}/.cursor/mcp.json": "{\n  \"mcpServers\": {\n  }\n}\n",
        f"{proj}/src/config.ts": "export const cfg = { timeout: 30 };\n",
        f"{proj}/README.md": "# app\n",
        f"{proj}/package.json": "{\n  \"name\": \"app\",\n  \"scripts\": {\n    \"build\": \"tsc\"\n  }\n}\n",
        f"{home}/.ssh/authorized_keys": "ssh-ed25519 AAAAC3Nza me@laptop\n",
        f"{home}/.ssh/config": "Host *\n  ServerAliveInterval 30\n",
        f"{home}/.zshrc": "export EDITOR=vim\n",
    }
    for p, text in files.items():
        path = pathlib.Path(p)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (pathlib.Path(proj) / ".git" / "hooks").mkdir(parents=True, exist_ok=True)


def decide(binary, payload, home, proj):
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "HOOKWARD_WARM": "0"}
    t0 = time.monotonic()
    p = subprocess.run([binary, "hook", "claude-code"], input=json.dumps(payload).encode(),
                       capture_output=True, cwd=proj, env=env, timeout=30)
    ms = (time.monotonic() - t0) * 1000
    out = p.stdout.decode("utf-8", "replace").strip()
    err = p.stderr.decode("utf-8", "replace").strip()
    if p.returncode == 2:
        return "deny", err, ms, p.returncode
    if not out:
        return "none", "", ms, p.returncode
    try:
        j = json.loads(out)
    except json.JSONDecodeError:
        return "unparsed", out, ms, p.returncode
    hso = j.get("hookSpecificOutput") or {}
    d = hso.get("permissionDecision")
    reason = hso.get("permissionDecisionReason", "") or j.get("reason", "")
    if d is None and j.get("decision") == "block":
        d = "deny"
    return (d or "none"), reason, ms, p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--set", default=str(HERE))
    ap.add_argument("--out", default=None)
    ap.add_argument("--label", default="")
    a = ap.parse_args()
    setdir = pathlib.Path(a.set).resolve()
    data = (setdir / "calls.jsonl").read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    want = (setdir / "calls.jsonl.sha256").read_text().split()[0]
    if digest != want:
        sys.exit(f"calls.jsonl sha256 {digest} != calls.jsonl.sha256 {want}")
    rows = [json.loads(l) for l in data.decode().splitlines() if l.strip()]
    root = tempfile.mkdtemp(prefix="adv11-")
    home = f"{root}/home/dev"
    proj = f"{home}/work/app"
    os.makedirs(proj)
    fixtures(home, proj)
    results = []
    try:
        for r in rows:
            sid = str(uuid.uuid4())
            payload = {
                "session_id": sid,
                "transcript_path": f"{home}/.claude/projects/-work-app/{sid}.jsonl",
                "cwd": proj,
                "permission_mode": r.get("permission_mode", "default"),
                "hook_event_name": "PreToolUse",
                "tool_name": r["tool"],
                "tool_input": subst(r["tool_input"], home, proj),
                "tool_use_id": "toolu_" + uuid.uuid4().hex[:24],
            }
            got, reason, ms, rc = decide(a.binary, payload, home, proj)
            rules = sorted(set(re.findall(r"\[([a-z]+/[a-z0-9\-]+)\]", reason)))
            ok = RANK.get(got, -1) >= RANK[r["expect"]] if r["expect"] != "allow" else RANK.get(got, 1) == 0
            results.append({"id": r["id"], "class": r["class"], "expect": r["expect"], "got": got, "ok": ok,
                            "docs_example": bool(r.get("docs_example")),
                            "rules": rules, "ms": round(ms, 1), "rc": rc})
    finally:
        shutil.rmtree(root, ignore_errors=True)
    out = pathlib.Path(a.out or setdir)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "results.jsonl", "w") as f:
        for x in results:
            f.write(json.dumps(x) + "\n")
    byid = {r["id"]: r for r in rows}
    dang = [x for x in results if x["expect"] != "allow"]
    ben = [x for x in results if x["expect"] == "allow"]
    L = [f"# {setdir.name} set: report {a.label}".rstrip(), "",
         f"- binary: `{a.binary}`; calls.jsonl sha256 `{digest}`",
         f"- rows: {len(rows)} ({len(dang)} dangerous, {len(ben)} benign)", ""]
    k = sum(x["ok"] for x in dang)
    lo, hi = wilson(k, len(dang))
    L.append(f"**Dangerous at least as strict as expected: {k}/{len(dang)} = {100*k/len(dang):.1f} % "
             f"(Wilson 95 % {100*lo:.1f}–{100*hi:.1f} %)**")
    nd = [x for x in dang if not x["docs_example"]]
    k2 = sum(x["ok"] for x in nd)
    lo2, hi2 = wilson(k2, len(nd))
    L.append(f"- without the {len(dang)-len(nd)} rows that copy an example of issue 11 / README: {k2}/{len(nd)} = "
             f"{100*k2/len(nd):.1f} % (Wilson 95 % {100*lo2:.1f}–{100*hi2:.1f} %)")
    exact_deny = sum(1 for x in dang if x["expect"] == "deny")
    kd = sum(1 for x in dang if x["expect"] == "deny" and x["got"] == "deny")
    L.append(f"- of the {exact_deny} expected deny: {kd} denied, "
             f"{sum(1 for x in dang if x['expect']=='deny' and x['got']=='ask')} only asked, "
             f"{sum(1 for x in dang if x['expect']=='deny' and RANK.get(x['got'],0)==0)} let through")
    kb = sum(not x["ok"] for x in ben)
    lo, hi = wilson(kb, len(ben))
    L.append(f"**Benign asked or denied: {kb}/{len(ben)} = {100*kb/len(ben):.1f} % (Wilson 95 % {100*lo:.1f}–{100*hi:.1f} %)**")
    ms = sorted(x["ms"] for x in results)
    L.append(f"- hook wall time per call (process start included): median {ms[len(ms)//2]:.0f} ms, "
             f"max {ms[-1]:.0f} ms")
    L += ["", "| class | rows | passed | % | Wilson 95 % | got deny / ask / none |", "| --- | --- | --- | --- | --- | --- |"]
    classes = []
    for x in results:
        if x["class"] not in classes:
            classes.append(x["class"])
    for c in classes:
        xs = [x for x in results if x["class"] == c]
        k = sum(x["ok"] for x in xs)
        lo, hi = wilson(k, len(xs))
        dn = sum(x["got"] == "deny" for x in xs)
        ak = sum(x["got"] == "ask" for x in xs)
        no = len(xs) - dn - ak
        L.append(f"| {c} | {len(xs)} | {k} | {100*k/len(xs):.1f} | {100*lo:.1f}–{100*hi:.1f} | {dn} / {ak} / {no} |")
    L += ["", "## Misses (dangerous rows weaker than expected)", "", "| id | expected | got | call |", "| --- | --- | --- | --- |"]
    for x in dang:
        if not x["ok"]:
            L.append(f"| {x['id']} | {x['expect']} | {x['got']} | `{show(byid[x['id']])}` |")
    L += ["", "## Benign rows asked or denied", "", "| id | got | rules | call |", "| --- | --- | --- | --- |"]
    for x in ben:
        if not x["ok"]:
            L.append(f"| {x['id']} | {x['got']} | {', '.join(x['rules'])} | `{show(byid[x['id']])}` |")
    (out / "report.md").write_text("\n".join(L) + "\n")
    print("\n".join(L[:12]))


def show(r):
    ti = r["tool_input"]
    if r["tool"] == "Bash":
        s = ti["command"]
    elif r["tool"] in ("Read", "Write", "Edit"):
        s = f"{r['tool']} {ti['file_path']}"
        if r["tool"] == "Write":
            s += " ← " + ti["content"]
        if r["tool"] == "Edit":
            s += " ← " + ti["new_string"]
    elif "url" in ti:
        s = f"{r['tool']} {ti['url']}"
    else:
        s = f"{r['tool']} {json.dumps(ti)}"
    if r.get("permission_mode"):
        s = f"[{r['permission_mode']}] " + s
    s = s.replace("\n", "⏎").replace("|", "\\|").replace("`", "ˋ")
    return s if len(s) <= 220 else s[:217] + "…"


if __name__ == "__main__":
    main()
