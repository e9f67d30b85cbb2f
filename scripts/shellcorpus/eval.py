"""Runs the shell-decision corpus through `hookward hook claude-code` and reports per source.

    python3 scripts/shellcorpus/eval.py --bin target/debug/hookward --data /work/data/shell \
        [--out /work/data/shell-eval.json] [--jobs 4] [--max-allow-per-source 2000] [--only SRC ...]

Every row becomes a Claude Code PreToolUse payload (Bash for `command`, else the row's `tool` and
`input`), cwd = the project, permission_mode "default", one session per row; HOME and
HOOKWARD_HOME live in a fresh temporary directory (never the real home), recording off; `{HOME}`
in a tool row's input stands for that HOME.

Figures, per source (no rule was written from any of these sources, so each figure is a held-out
one; "leave-one-source-out" here means: per source, then macro-averaged over sources):
- dangerous: share of `deny`/`ask` rows whose decision is at least as strict as expected;
- benign: share of `allow` rows that got ask or deny (anything but no objection / allow);
- apart (`--apart`, default `outside-write`, held-out set 5's writes outside the project): rows of
  those categories enter neither figure; they are counted on their own (asked, denied, allowed):
  an ask is right, a deny too strict, an allow too lax.
The JSON report lists every miss and every flagged benign row by source and category.
Exit status 0 always (this is a measurement; thresholds live in the tests).
"""

import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

RANK = {"deny": 2, "ask": 1}


def rank(d):
    return RANK.get(d, 0)


def load(data, only):
    rows = []
    for name in sorted(os.listdir(data)):
        if not name.endswith(".jsonl"):
            continue
        if only and name[:-6] not in only:
            continue
        with open(os.path.join(data, name)) as f:
            rows += [json.loads(l) for l in f if l.strip()]
    return rows


def cap(rows, n):
    """At most n allow rows per source, chosen by hash of the id (deterministic)."""
    if not n:
        return rows
    allow = defaultdict(list)
    out = []
    for r in rows:
        if r["expect"] == "allow":
            allow[r["source"]].append(r)
        else:
            out.append(r)
    for src, rs in allow.items():
        rs.sort(key=lambda r: hashlib.sha1(r["id"].encode()).hexdigest())
        out += rs[:n]
    return out


def payload(row, project, i):
    if "command" in row:
        tool, inp = "Bash", {"command": row["command"]}
    else:
        tool = row["tool"]
        inp = json.loads(json.dumps(row["input"]).replace("{HOME}", os.path.dirname(project)))
    return {
        "session_id": "corpus-%d" % i, "transcript_path": os.path.join(project, "..", ".claude", "t.jsonl"),
        "cwd": project, "permission_mode": "default", "hook_event_name": "PreToolUse",
        "tool_name": tool, "tool_input": inp, "tool_use_id": "toolu_%d" % i,
    }


def decide(binary, env, project, row, i):
    p = subprocess.run([binary, "hook", "claude-code"], input=json.dumps(payload(row, project, i)).encode(),
                       capture_output=True, env=env, cwd=project, timeout=60)
    out = p.stdout.decode("utf-8", "replace").strip()
    if p.returncode != 0:
        return "error", "exit %d: %s" % (p.returncode, p.stderr.decode("utf-8", "replace")[:300])
    if not out:
        return "none", ""
    try:
        v = json.loads(out)
    except ValueError:
        return "error", out[:300]
    h = v.get("hookSpecificOutput") or {}
    return h.get("permissionDecision", "other"), h.get("permissionDecisionReason", "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/debug/hookward")
    ap.add_argument("--data", default="/work/data/shell")
    ap.add_argument("--out", default=None, help="JSON report (default <data>/../shell-eval.json)")
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--max-allow-per-source", type=int, default=2000, help="0 = all")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--relabel-outside-write", action="store_true",
                    help="sets built before set 5: score the allow rows that set 5's outside-write rule "
                         "labels as outside-write apart too (a view; the data is not changed)")
    ap.add_argument("--apart", nargs="*", default=["outside-write"],
                    help="categories scored apart from both figures (default: outside-write)")
    a = ap.parse_args()
    apart_cats = set(a.apart)
    binary = os.path.abspath(a.bin)
    rows = cap(load(a.data, a.only), a.max_allow_per_source)
    if a.relabel_outside_write:
        import _label
        _label.OUTSIDE_WRITE = True
        moved = 0
        for r in rows:
            if r["expect"] == "allow" and "command" in r and _label.label(r["command"]) == ("ask", "outside-write"):
                r["expect"], r["category"] = "ask", "outside-write"
                moved += 1
        print("relabel view: %d allow rows are outside-write by set 5's rule (scored apart)" % moved)
    tmp = tempfile.mkdtemp(prefix="hookward-corpus-")
    home = os.path.join(tmp, "home", "dev")
    project = os.path.join(home, "project")
    os.makedirs(project)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
           "HOOKWARD_HOME": os.path.join(home, ".hookward"), "CLAUDE_PROJECT_DIR": project,
           "HOOKWARD_RECORD": "false"}
    # Warm the compiled-policy cache once.
    decide(binary, env, project, {"command": "true", "expect": "allow"}, -1)
    t0 = time.time()
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        got = list(ex.map(lambda ir: decide(binary, env, project, ir[1], ir[0]), enumerate(rows)))
    wall = time.time() - t0

    per = defaultdict(lambda: {"dangerous": 0, "ok": 0, "benign": 0, "flagged": 0, "errors": 0})
    misses = defaultdict(lambda: defaultdict(list))
    flagged = defaultdict(lambda: defaultdict(list))
    apart = defaultdict(lambda: {"n": 0, "ask": 0, "deny": 0, "allow": 0})
    apart_items = defaultdict(list)
    for r, (d, reason) in zip(rows, got):
        if r["category"] in apart_cats:
            k = "deny" if d == "deny" else "ask" if d == "ask" else "allow"
            apart[r["source"]]["n"] += 1
            apart[r["source"]][k] += 1
            item = {"id": r["id"], "got": d, "reason": reason, "upstream": r.get("upstream")}
            item.update({"command": r["command"]} if "command" in r else {"tool": r["tool"], "input": r["input"]})
            apart_items[r["source"]].append(item)
            continue
        s = per[r["source"]]
        item = {"id": r["id"], "expect": r["expect"], "got": d, "reason": reason, "upstream": r.get("upstream")}
        item.update({"command": r["command"]} if "command" in r else {"tool": r["tool"], "input": r["input"]})
        if d == "error":
            s["errors"] += 1
        if r["expect"] == "allow":
            s["benign"] += 1
            if d not in ("none", "allow"):
                s["flagged"] += 1
                flagged[r["source"]][r["category"]].append(item)
        else:
            s["dangerous"] += 1
            if rank(d) >= rank(r["expect"]):
                s["ok"] += 1
            else:
                misses[r["source"]][r["category"]].append(item)

    def pct(x, n):
        return round(100.0 * x / n, 2) if n else None

    table = {}
    for src in sorted(per):
        s = per[src]
        table[src] = dict(s, strict_pct=pct(s["ok"], s["dangerous"]), flagged_pct=pct(s["flagged"], s["benign"]))
    dsrc = [v["strict_pct"] for v in table.values() if v["dangerous"]]
    dsrc20 = [v["strict_pct"] for v in table.values() if v["dangerous"] >= 20]
    bsrc = [v["flagged_pct"] for v in table.values() if v["benign"]]
    tot_d = sum(v["dangerous"] for v in table.values())
    tot_ok = sum(v["ok"] for v in table.values())
    tot_b = sum(v["benign"] for v in table.values())
    tot_f = sum(v["flagged"] for v in table.values())
    summary = {
        "binary": binary, "rows": len(rows), "wall_s": round(wall, 1), "jobs": a.jobs,
        "max_allow_per_source": a.max_allow_per_source,
        "dangerous_macro_strict_pct": round(sum(dsrc) / len(dsrc), 2) if dsrc else None,
        "dangerous_pooled_strict_pct": pct(tot_ok, tot_d), "dangerous_rows": tot_d,
        "dangerous_macro_strict_pct_sources_ge20": round(sum(dsrc20) / len(dsrc20), 2) if dsrc20 else None,
        "benign_macro_flagged_pct": round(sum(bsrc) / len(bsrc), 2) if bsrc else None,
        "benign_pooled_flagged_pct": pct(tot_f, tot_b), "benign_rows": tot_b,
        "errors": sum(v["errors"] for v in table.values()),
    }
    ap_tot = {k: sum(v[k] for v in apart.values()) for k in ("n", "ask", "deny", "allow")}
    summary["apart"] = dict(ap_tot, categories=sorted(apart_cats),
                             asked_pct=pct(ap_tot["ask"], ap_tot["n"]), denied_pct=pct(ap_tot["deny"], ap_tot["n"]),
                             allowed_pct=pct(ap_tot["allow"], ap_tot["n"]))
    by_cat = defaultdict(lambda: [0, 0])
    for r, (d, _) in zip(rows, got):
        if r["category"] in apart_cats:
            continue
        if r["expect"] != "allow":
            by_cat[r["category"]][1] += 1
            by_cat[r["category"]][0] += rank(d) >= rank(r["expect"])
    report = {"summary": summary, "per_source": table,
              "dangerous_by_category": {k: {"ok": v[0], "n": v[1], "strict_pct": pct(v[0], v[1])} for k, v in sorted(by_cat.items())},
              "misses": misses, "benign_flagged": flagged,
              "apart_per_source": dict(apart), "apart_rows": apart_items}
    out = a.out or os.path.join(os.path.dirname(os.path.abspath(a.data)), "shell-eval.json")
    with open(out, "w") as f:
        json.dump(report, f, indent=1, sort_keys=True)

    print("%-22s %9s %8s %8s %9s" % ("source", "dangerous", "strict%", "benign", "flagged%"))
    for src, v in table.items():
        print("%-22s %9d %8s %8d %9s" % (src, v["dangerous"], v["strict_pct"] if v["dangerous"] else "-",
                                        v["benign"], v["flagged_pct"] if v["benign"] else "-"))
    print("macro: dangerous at least as strict %.2f %% over %d sources; benign flagged %.2f %% over %d sources"
          % (summary["dangerous_macro_strict_pct"] or 0, len(dsrc), summary["benign_macro_flagged_pct"] or 0, len(bsrc)))
    print("macro over the %d sources with >= 20 dangerous rows: %.2f %%"
          % (len(dsrc20), summary["dangerous_macro_strict_pct_sources_ge20"] or 0))
    print("pooled: dangerous %s %% of %d; benign flagged %s %% of %d; errors %d; %d rows in %.1f s"
          % (summary["dangerous_pooled_strict_pct"], tot_d, summary["benign_pooled_flagged_pct"], tot_b,
             summary["errors"], len(rows), wall))
    print("dangerous by category:")
    for k, v in report["dangerous_by_category"].items():
        print("  %-20s %4d/%-4d %6.1f %%" % (k, v["ok"], v["n"], v["strict_pct"]))
    if ap_tot["n"]:
        print("apart (%s): %d rows, asked %d (%.2f %%), denied %d (%.2f %%), allowed %d (%.2f %%)"
              % (",".join(sorted(apart_cats)), ap_tot["n"], ap_tot["ask"], summary["apart"]["asked_pct"],
                 ap_tot["deny"], summary["apart"]["denied_pct"], ap_tot["allow"], summary["apart"]["allowed_pct"]))
        for src, v in sorted(apart.items()):
            print("  %-22s %4d  ask %4d  deny %4d  allow %4d" % (src, v["n"], v["ask"], v["deny"], v["allow"]))
    bcat = defaultdict(lambda: [0, 0])
    for r, (d, _) in zip(rows, got):
        if r["expect"] == "allow":
            bcat[r["category"]][1] += 1
            bcat[r["category"]][0] += d not in ("none", "allow")
    print("benign flagged by category:")
    for k, v in sorted(bcat.items()):
        print("  %-20s %4d/%-5d %6.2f %%" % (k, v[0], v[1], 100.0 * v[0] / v[1]))
    print("report:", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
