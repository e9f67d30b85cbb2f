#!/usr/bin/env python3
"""Whole-process cost of `hookward hook claude-code` as the number of guarded files grows
(issue 15: "10 -> 10,000 guarded files: PreToolUse-Bash and SessionStart p50 grow by <= 20 %").

For each size (default 10, 1,000 and 5,000 guarded files: the project's CLAUDE.md and AGENTS.md
plus rule files spread over up to ten guarded folders of at most 500 files, the walk's
per-folder bound) a throwaway HOME is laid out, its first SessionStart is timed once (the
baseline scan), and then every case of every size runs in turn, round-robin, so a drift in the
machine's speed hits all of them alike. Printed per case and size: p50 and p90 wall ms, and the
p50 ratio to the smallest size.

Cases: SessionStart (full check), PreToolUse-Bash `echo hi > notes.txt` (effects known: only
the named path is checked), PreToolUse-Bash `cargo test` (effects unknown: full check),
PostToolUse-Bash `echo hi > notes.txt`.

Usage: scripts/bench_guarded.py BINARY [--runs N] [--sizes 10,1000,5000] [--smoke] [--json]
                                 [--pair B_BINARY]
`--pair B_BINARY` (issue 15): before/after on a loaded machine. Every size gets two homes laid
out alike, one per binary; each case runs A then B (then B then A, alternating) and the table
shows p50 wall ms of both and the median of the per-pair ratios B/A (wall and CPU time).
`--smoke` (CI): 2 runs, sizes 10 and 600, checks every reply parses; no timing assertions.
Nothing outside the temporary folder is touched.
"""
import argparse, json, os, shutil, statistics, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_hook import run_once, pct  # noqa: E402

FOLDERS = [
    "proj/.claude/rules", "proj/.claude/agents", "proj/.claude/commands", "proj/.cursor/rules",
    ".claude/rules", ".claude/agents", ".claude/commands", "proj/.claude/skills",
    ".claude/skills", "proj/.codex",
]


def lay_out(root, n):
    """A home with `n` guarded files; returns (env, project)."""
    home = os.path.join(root, "home")
    proj = os.path.join(home, "proj")
    os.makedirs(os.path.join(home, ".hookward"), exist_ok=True)
    os.makedirs(proj, exist_ok=True)
    with open(os.path.join(proj, "CLAUDE.md"), "w") as f:
        f.write("# Project\n- Run the tests with `cargo test`.\n")
    with open(os.path.join(proj, "AGENTS.md"), "w") as f:
        f.write("# Agents\nUse pnpm.\n")
    left = max(0, n - 2)
    for d in FOLDERS:
        if left == 0:
            break
        k = min(left, 500)
        full = os.path.join(home, d)
        os.makedirs(full, exist_ok=True)
        for i in range(k):
            with open(os.path.join(full, f"r{i}.md"), "w") as f:
                f.write(f"# rule {i}\nAlways run the tests before committing. Use pnpm.\n")
        left -= k
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
           "HOOKWARD_HOME": os.path.join(home, ".hookward"), "CLAUDE_PROJECT_DIR": proj}
    return env, proj


def payloads(proj, home):
    base = {"session_id": "bench", "transcript_path": os.path.join(home, "t.jsonl"), "cwd": proj,
            "permission_mode": "default"}
    def pre(cmd, i):
        return dict(base, hook_event_name="PreToolUse", tool_name="Bash",
                    tool_input={"command": cmd}, tool_use_id=f"toolu_{i}")
    post = dict(pre("echo hi > notes.txt", 1), hook_event_name="PostToolUse",
                tool_response={"stdout": "", "stderr": "", "interrupted": False, "isImage": False})
    return {
        "SessionStart": dict(base, hook_event_name="SessionStart", source="startup"),
        "PreToolUse-Bash echo (known)": pre("echo hi > notes.txt", 1),
        "PreToolUse-Bash cargo test (unknown)": pre("cargo test", 2),
        "PostToolUse-Bash echo (known)": post,
    }


def paired(a):
    sizes = [10, 600] if a.smoke else [int(s) for s in a.sizes.split(",")]
    runs = 2 if a.smoke else a.runs
    bins = {"a": os.path.abspath(a.binary), "b": os.path.abspath(a.pair)}
    tmp = tempfile.mkdtemp(prefix="hookward-guarded-")
    try:
        homes = {}
        for n in sizes:
            for side in "ab":
                env, proj = lay_out(os.path.join(tmp, f"{n}{side}"), n)
                cases = {k: json.dumps(v).encode() for k, v in payloads(proj, env["HOME"]).items()}
                run_once([bins[side], "hook", "claude-code"], cases["SessionStart"], env)
                homes[(n, side)] = (env, cases)
        names = list(homes[(sizes[0], "a")][1])
        wall = {(n, c, s): [] for n in sizes for c in names for s in "ab"}
        cpu = {(n, c, s): [] for n in sizes for c in names for s in "ab"}
        for r in range(runs + 1):  # the first round is a warm-up
            for n in sizes:
                for c in names:
                    for side in ("ab" if r % 2 else "ba"):
                        env, cases = homes[(n, side)]
                        cs = []
                        dt, _, out, code = run_once([bins[side], "hook", "claude-code"], cases[c], env, cs)
                        if out.strip():
                            json.loads(out)
                        if code != 0:
                            raise SystemExit(f"{side} {c} at {n} files exited {code}")
                        if r:
                            wall[(n, c, side)].append(dt)
                            cpu[(n, c, side)].append(cs[0])
        rows = []
        for n in sizes:
            for c in names:
                wa, wb = wall[(n, c, "a")], wall[(n, c, "b")]
                ca, cb = cpu[(n, c, "a")], cpu[(n, c, "b")]
                wr = sorted(y / x for x, y in zip(wa, wb))
                cr = sorted(y / x for x, y in zip(ca, cb) if x > 0)
                rows.append({"files": n, "case": c, "a_p50_ms": statistics.median(wa),
                             "b_p50_ms": statistics.median(wb), "wall_ratio": statistics.median(wr),
                             "cpu_a_p50_ms": statistics.median(ca), "cpu_b_p50_ms": statistics.median(cb),
                             "cpu_ratio": statistics.median(cr) if cr else float("nan")})
        load = os.getloadavg()
        if a.json:
            print(json.dumps({"a": bins["a"], "b": bins["b"], "loadavg": load, "rows": rows}, indent=2))
            return
        print(f"A = {bins['a']}, B = {bins['b']}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        print(f"{'case':40} {'files':>6} {'A p50':>8} {'B p50':>8} {'B/A wall':>9} {'A cpu':>7} {'B cpu':>7} {'B/A cpu':>8}")
        for r in sorted(rows, key=lambda r: (r["case"], r["files"])):
            print(f"{r['case']:40} {r['files']:>6} {r['a_p50_ms']:>8.2f} {r['b_p50_ms']:>8.2f} {r['wall_ratio']:>9.2f} "
                  f"{r['cpu_a_p50_ms']:>7.2f} {r['cpu_b_p50_ms']:>7.2f} {r['cpu_ratio']:>8.2f}")
        print("(ms per whole process; ratios are medians of per-pair ratios; CPU = user + sys from wait4)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--sizes", default="10,1000,5000")
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--pair", help="a second binary (B) run in turn with BINARY (A), each on its own homes")
    a = ap.parse_args()
    if a.pair:
        return paired(a)
    sizes = [10, 600] if a.smoke else [int(s) for s in a.sizes.split(",")]
    runs = 2 if a.smoke else a.runs
    binary = os.path.abspath(a.binary)
    tmp = tempfile.mkdtemp(prefix="hookward-guarded-")
    try:
        homes, firsts = {}, {}
        for n in sizes:
            env, proj = lay_out(os.path.join(tmp, str(n)), n)
            cases = {k: json.dumps(v).encode() for k, v in payloads(proj, env["HOME"]).items()}
            dt, _, out, code = run_once([binary, "hook", "claude-code"], cases["SessionStart"], env)
            firsts[n] = dt
            homes[n] = (env, cases)
        times = {(n, c): [] for n in sizes for c in homes[sizes[0]][1]}
        for _ in range(runs + 1):  # the first round is a warm-up
            for n in sizes:
                env, cases = homes[n]
                for c, data in cases.items():
                    dt, _, out, code = run_once([binary, "hook", "claude-code"], data, env)
                    if out.strip():
                        json.loads(out)  # every reply is one JSON document
                    if code != 0:
                        raise SystemExit(f"{c} at {n} files exited {code}")
                    times[(n, c)].append(dt)
        rows = []
        for (n, c), ts in times.items():
            ts = ts[1:]
            rows.append({"files": n, "case": c, "p50_ms": statistics.median(ts), "p90_ms": pct(ts, 90)})
        base = {r["case"]: r["p50_ms"] for r in rows if r["files"] == sizes[0]}
        for r in rows:
            r["ratio_to_smallest"] = r["p50_ms"] / base[r["case"]]
        if a.json:
            print(json.dumps({"first_session_start_ms": firsts, "rows": rows}, indent=2))
            return
        print(f"first SessionStart (baseline scan): " + ", ".join(f"{n} files {firsts[n]:.0f} ms" for n in sizes))
        print(f"{'case':40} {'files':>6} {'p50 ms':>8} {'p90 ms':>8} {'x smallest':>10}")
        for r in sorted(rows, key=lambda r: (r["case"], r["files"])):
            print(f"{r['case']:40} {r['files']:>6} {r['p50_ms']:>8.2f} {r['p90_ms']:>8.2f} {r['ratio_to_smallest']:>10.2f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
