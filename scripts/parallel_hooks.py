#!/usr/bin/env python3
"""Issue 15's parallel bar: P hook processes at once, each making N calls, against one
hookward home; checks that every reply is valid, that every call is recorded exactly once, and
that no "store damaged" health event is raised, and compares the parallel p99 with a serial
run's p99 in the same home.

    python3 scripts/parallel_hooks.py target/release/hookward --procs 8 --calls 1000
    python3 scripts/parallel_hooks.py target/debug/hookward --procs 8 --calls 50 --client

With `--client`, the calls go through `hookward-hook claude-code` (next to BINARY) against a
`BINARY hook-server` the script starts (no HOOKWARD_WARM=require: a call the server does not
answer in time falls back in-process, which must still record it exactly once). Without it,
`BINARY hook claude-code` runs in-process.

Each call is a PreToolUse-Bash payload with its own command (`echo p<process>-c<call>`) and the
process's session id, so a missing or doubled record is found by its command. Everything runs in
a temporary HOME; nothing is executed but hookward. Wall milliseconds per whole process; the
machine's load average is printed before and after (read ratios on a loaded machine, not ms).
"""
import argparse, json, os, shutil, sqlite3, statistics, subprocess, sys, tempfile, threading, time


def pct(xs, q):
    xs = sorted(xs)
    k = max(0, min(len(xs) - 1, int(round(q / 100.0 * (len(xs) - 1)))))
    return xs[k]


def payload(proj, proc, call):
    return json.dumps({
        "session_id": f"par-{proc}", "hook_event_name": "PreToolUse", "tool_name": "Bash",
        "tool_input": {"command": f"echo p{proc}-c{call}"}, "cwd": proj,
        "permission_mode": "default", "transcript_path": "/nonexistent",
    }).encode()


def call(argv, data, env):
    """(wall ms, valid reply): exit 0 and stdout empty or one JSON document."""
    t0 = time.perf_counter()
    p = subprocess.run(argv, input=data, capture_output=True, env=env)
    dt = (time.perf_counter() - t0) * 1000
    ok = p.returncode == 0
    if ok and p.stdout.strip():
        try:
            json.loads(p.stdout)
        except ValueError:
            ok = False
    return dt, ok


def settle(home, timeout=30.0):
    """Waits until the warm server's journal is empty (every answered call recorded)."""
    jdir = os.path.join(home, "run", "journal")
    end = time.time() + timeout
    while time.time() < end:
        if not os.path.isdir(jdir) or not any(n.endswith(".json") for n in os.listdir(jdir)):
            return True
        time.sleep(0.05)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("--procs", type=int, default=8)
    ap.add_argument("--calls", type=int, default=1000, help="calls per process")
    ap.add_argument("--serial", type=int, default=None, help="calls of the serial run (default: --calls)")
    ap.add_argument("--client", action="store_true", help="through hookward-hook and a hook-server")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    tmp = tempfile.mkdtemp(prefix="hw-par-")
    server = None
    try:
        home = os.path.join(tmp, "home")
        hw = os.path.join(home, ".hookward")
        proj = os.path.join(home, "proj")
        os.makedirs(hw)
        os.makedirs(proj)
        env = {"HOME": home, "HOOKWARD_HOME": hw, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
               "CLAUDE_PROJECT_DIR": proj}
        if a.client:
            argv = [os.path.join(os.path.dirname(binary), "hookward-hook"), "claude-code"]
            server = subprocess.Popen([binary, "hook-server"], env=env, cwd=proj, stdin=subprocess.DEVNULL,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            sock = os.path.join(hw, "run", "hook.sock")
            for _ in range(1000):
                if os.path.exists(sock):
                    break
                time.sleep(0.01)
        else:
            argv = [binary, "hook", "claude-code"]
        load0 = os.getloadavg()
        # warm-up: creates the store and the policy cache
        call(argv, payload(proj, "w", 0), env)
        serial_n = a.serial if a.serial is not None else a.calls
        serial = [call(argv, payload(proj, "s", i), env) for i in range(serial_n)]
        results = [[] for _ in range(a.procs)]

        def worker(p):
            for i in range(a.calls):
                results[p].append(call(argv, payload(proj, p, i), env))

        t0 = time.time()
        threads = [threading.Thread(target=worker, args=(p,)) for p in range(a.procs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        par_s = time.time() - t0
        settled = settle(hw)
        load1 = os.getloadavg()
        db = sqlite3.connect(os.path.join(hw, "state.db"))
        rows = db.execute("SELECT session, input FROM decisions").fetchall()
        kinds = db.execute("SELECT kind, COUNT(*) FROM health_events GROUP BY kind").fetchall()
        db.close()
        seen = {}
        for session, inp in rows:
            cmd = json.loads(inp).get("command", "")
            seen[cmd] = seen.get(cmd, 0) + 1
        expected = [f"echo p{p}-c{i}" for p in range(a.procs) for i in range(a.calls)]
        missing = sum(1 for c in expected if seen.get(c, 0) == 0)
        doubled = sum(1 for c in expected if seen.get(c, 0) > 1)
        par = [dt for r in results for dt, _ in r]
        ser = [dt for dt, _ in serial]
        out = {
            "mode": "client + server" if a.client else "in-process",
            "procs": a.procs, "calls_per_proc": a.calls, "serial_calls": serial_n,
            "serial_p50_ms": statistics.median(ser), "serial_p99_ms": pct(ser, 99),
            "parallel_p50_ms": statistics.median(par), "parallel_p99_ms": pct(par, 99),
            "p99_parallel_over_serial": pct(par, 99) / pct(ser, 99),
            "parallel_wall_s": par_s,
            "replies_valid": sum(1 for r in results for _, ok in r if ok) + sum(1 for _, ok in serial if ok),
            "replies": len(par) + len(ser),
            "parallel_recorded": len(expected) - missing, "parallel_expected": len(expected),
            "missing": missing, "doubled": doubled, "journal_settled": settled,
            "health_kinds": dict(kinds),
            "store_damaged_events": dict(kinds).get("store-damaged", 0),
            "loadavg_before": load0, "loadavg_after": load1,
        }
        if a.json:
            print(json.dumps(out, indent=2))
        else:
            for k, v in out.items():
                print(f"{k:28} {v}")
        bad = missing or doubled or out["replies_valid"] != out["replies"] or out["store_damaged_events"]
        sys.exit(1 if bad else 0)
    finally:
        if server is not None:
            server.terminate()
            server.wait()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
