#!/usr/bin/env python3
"""Parallel hook processes against one store (issue 15's bar: "8 parallel hook processes x 1,000
calls: every reply valid, every decision recorded, p99 <= 3x the serial p99, and no false 'store
damaged' health event").

Runs `hookward hook claude-code` on a PreToolUse Bash payload (`ls -la`, an allow) in a throwaway
HOME: first SERIAL calls one after another, then WORKERS threads each starting CALLS processes one
after another. Checks every reply (exit 0, stdout empty or one JSON object), counts the decisions
the store holds for the run's sessions and the health events, and prints p50/p99 of the serial and
the parallel whole-process times (wall clock per process, in ms).

    scripts/bench_parallel.py --bin target/release/hookward [--workers 8] [--calls 1000] [--serial 300]
    scripts/bench_parallel.py --bin target/debug/hookward --smoke     # 2 x 20, for CI: checks only
    scripts/bench_parallel.py --bin target/release/hookward --client  # through the warm helper

With `--client` every call goes through `hookward-hook claude-code` (next to the binary) against a
`hookward hook-server` the script starts first (no HOOKWARD_WARM=require: a call the server does not
answer within the client's budget falls back in-process, and must still be recorded once); the
counts are read once the server's record journal is empty. Each call's `description` names its
session and number, so "recorded" counts distinct calls: a call recorded twice fails the run.

Exit 1 when a reply is invalid, a decision is missing or a store-damaged event was recorded.
Never touches the real home: HOME and HOOKWARD_HOME point into a temporary folder.
"""
import argparse
import concurrent.futures
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time


def payload(project, session, i):
    return json.dumps({
        "session_id": session,
        "transcript_path": os.path.join(project, "t.jsonl"),
        "cwd": project,
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "ls -la", "description": f"list {session} {i}"},
        "tool_use_id": f"toolu_{session}_{i}",
    }).encode()


def one(argv, env, data):
    t0 = time.perf_counter()
    p = subprocess.run(argv, input=data, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    ms = (time.perf_counter() - t0) * 1000
    ok = p.returncode == 0
    out = p.stdout.strip()
    if ok and out:
        try:
            ok = isinstance(json.loads(out), dict)
        except ValueError:
            ok = False
    return ms, ok, p.returncode, out[:200], p.stderr[:200]


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q / 100 * (len(xs) - 1))))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--workers", type=int, default=8)
    ap.add_argument("--calls", type=int, default=1000)
    ap.add_argument("--serial", type=int, default=300)
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--client", action="store_true", help="through hookward-hook and a hook-server")
    a = ap.parse_args()
    if a.smoke:
        a.workers, a.calls, a.serial = 2, 20, 10
    binary = os.path.abspath(a.bin)
    argv = [binary, "hook", "claude-code"]
    if a.client:
        argv = [os.path.join(os.path.dirname(binary), "hookward-hook"), "claude-code"]
    server = None
    with tempfile.TemporaryDirectory(prefix="hw-par-") as tmp:
        home = os.path.join(tmp, "home")
        project = os.path.join(home, "project")
        os.makedirs(project)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
               "HOOKWARD_HOME": os.path.join(home, ".hookward")}
        if a.client:
            server = subprocess.Popen([binary, "hook-server"], env=env, cwd=project,
                                      stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL, start_new_session=True)
            sock = os.path.join(home, ".hookward", "run", "hook.sock")
            for _ in range(1000):
                if os.path.exists(sock):
                    break
                time.sleep(0.01)
        try:
            # Warm-up: the first call creates the store and records the first scan.
            one(argv, env, payload(project, "warm", 0))
            serial = [one(argv, env, payload(project, "serial", i)) for i in range(a.serial)]

            def worker(w):
                return [one(argv, env, payload(project, f"par-{w}", i)) for i in range(a.calls)]

            t0 = time.perf_counter()
            with concurrent.futures.ThreadPoolExecutor(a.workers) as ex:
                par = [r for rs in ex.map(worker, range(a.workers)) for r in rs]
            wall = time.perf_counter() - t0
            # the warm server answers before it records: wait for its journal to empty
            journal = os.path.join(home, ".hookward", "run", "journal")
            for _ in range(600):
                if not os.path.isdir(journal) or not any(n.endswith(".json") for n in os.listdir(journal)):
                    break
                time.sleep(0.05)
        finally:
            if server is not None:
                server.terminate()
                server.wait()
        bad = [r for r in serial + par if not r[1]]
        db = sqlite3.connect(os.path.join(home, ".hookward", "state.db"))
        # distinct calls (each call's input names it), and all rows: equal when none is doubled
        recorded, rows = db.execute(
            "SELECT COUNT(DISTINCT input), COUNT(*) FROM decisions WHERE session LIKE 'par-%' OR session = 'serial'"
        ).fetchone()
        health = db.execute("SELECT kind, COUNT(*) FROM health_events GROUP BY kind").fetchall()
        db.close()
        fallback = os.path.join(home, ".hookward", "health-fallback.jsonl")
        fallback_lines = 0
        if os.path.exists(fallback):
            with open(fallback) as f:
                fallback_lines = sum(1 for _ in f)
    expected = a.serial + a.workers * a.calls
    s_ms = [r[0] for r in serial]
    p_ms = [r[0] for r in par]
    damaged = sum(n for k, n in health if "damaged" in k)
    print(f"binary {binary}{' through hookward-hook and a hook-server' if a.client else ''}; "
          f"load average at end {os.getloadavg()[0]:.2f}")
    print(f"serial   {a.serial:6d} calls  p50 {statistics.median(s_ms):7.2f} ms  p99 {pct(s_ms, 99):7.2f} ms")
    print(f"parallel {len(par):6d} calls  p50 {statistics.median(p_ms):7.2f} ms  p99 {pct(p_ms, 99):7.2f} ms"
          f"  ({a.workers} workers, {wall:.1f} s wall)")
    print(f"p99 parallel / serial: {pct(p_ms, 99) / pct(s_ms, 99):.2f} (issue 15: <= 3)")
    print(f"invalid replies: {len(bad)}; decisions recorded {recorded} of {expected} "
          f"({rows - recorded} doubled); "
          f"health events {dict(health)}; fallback health lines {fallback_lines}")
    for r in bad[:5]:
        print(f"  bad reply: exit {r[2]} stdout {r[3]!r} stderr {r[4]!r}")
    failed = bool(bad) or recorded != expected or rows != expected or damaged > 0
    print("FAIL" if failed else "ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
