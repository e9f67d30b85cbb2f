#!/usr/bin/env python3
"""The warm helper's server CPU per call, two builds side by side (issue 15).

Usage: scripts/server_cpu.py A_BIN B_BIN [-n CALLS] [-r ROUNDS] [--cases WORD,...]

One `hook-server` of each binary runs in its own bench home (`bench_hook.py`'s homes and
payloads); per case, blocks of CALLS requests go to A and to B in turn, ROUNDS times (order
swapped every round), back to back from Python (the wire format of `server_phases.py`), and the
server's utime + stime (`/proc/PID/stat`, clock ticks) over each block is divided by CALLS.
Printed per case: the median over rounds of A's and B's CPU ms per call (user and system apart)
and B/A. A request the server refuses (its overload answer when 16 calls are in flight, which
Python sees as a reset or a broken pipe) is counted and reported, not retried: refused calls
cost the server almost nothing, so a side with many refusals reads low.
"""
import os, sys, subprocess, time, types, tempfile, shutil, argparse, statistics
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_hook, server_phases as sp  # noqa: E402
RESETS = {"A": 0, "B": 0}
ERRS = {}
def ask(side, sock, req):
    try:
        sp.ask(sock, req)
    except (OSError, RuntimeError) as ex:
        RESETS[side] += 1
        k = type(ex).__name__ + ":" + str(ex)[:60]
        ERRS[k] = ERRS.get(k, 0) + 1
ap = argparse.ArgumentParser()
ap.add_argument("a"); ap.add_argument("b")
ap.add_argument("--cases", default="PreToolUse-Bash,PreToolUse-Write,UserPromptSubmit,SessionStart")
ap.add_argument("-n", type=int, default=300); ap.add_argument("-r", type=int, default=5)
ap.add_argument("--payloads", default=os.path.join(HERE, "..", "..", "shared", "protocol", "payloads", "claude"))
a = ap.parse_args()
tck = os.sysconf("SC_CLK_TCK")
def cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(f[11]), int(f[12])
tmp = tempfile.mkdtemp(prefix="hookward-server-cpu-")
sides = {}
try:
    ver = sp.version(os.path.join(HERE, ".."))
    for side, binary in (("A", os.path.abspath(a.a)), ("B", os.path.abspath(a.b))):
        opts = types.SimpleNamespace(config=None, payloads=a.payloads, binary=binary,
                                     lessons=0, budget=False, cases=a.cases)
        _env, cases, _home = bench_hook.build(opts, os.path.join(tmp, side), 0)
        sides[side] = [(l, d, e) for l, argv, d, e in cases if argv[0] == binary]
        env = sides[side][0][2]
        srv = subprocess.Popen([binary, "hook-server"], env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
        sock = os.path.join(env["HOOKWARD_HOME"], "run", "hook.sock")
        for _ in range(3000):
            if os.path.exists(sock): break
            time.sleep(0.02)
        sides[side] = (srv, sock, sides[side])
    print(f"A = {a.a}, B = {a.b}; {a.r} rounds of {a.n} calls per side and case; load {os.getloadavg()[0]:.2f}")
    for ci in range(len(sides["A"][2])):
        res = {"A": [], "B": []}
        label = sides["A"][2][ci][0]
        for side in "AB":
            srv, sock, cases = sides[side]
            req = sp.encode(ver, cases[ci][2], cases[ci][1])
            for _ in range(30): ask(side, sock, req)
        for r in range(a.r):
            for side in ("AB" if r % 2 == 0 else "BA"):
                srv, sock, cases = sides[side]
                req = sp.encode(ver, cases[ci][2], cases[ci][1])
                u0, s0 = cpu(srv.pid)
                for _ in range(a.n): ask(side, sock, req)
                time.sleep(0.2)
                u1, s1 = cpu(srv.pid)
                res[side].append(((u1 - u0) / tck * 1000 / a.n, (s1 - s0) / tck * 1000 / a.n))
        ma = statistics.median(u + s for u, s in res["A"]); mb = statistics.median(u + s for u, s in res["B"])
        ua = statistics.median(u for u, s in res["A"]); ub = statistics.median(u for u, s in res["B"])
        sa = statistics.median(s for u, s in res["A"]); sb = statistics.median(s for u, s in res["B"])
        print(f"{label:45} A {ma:.3f} ms (user {ua:.3f} sys {sa:.3f})  B {mb:.3f} ms (user {ub:.3f} sys {sb:.3f})  B/A {mb/ma:.2f}")
    print(f"load after {os.getloadavg()[0]:.2f}; failed requests: {RESETS} {ERRS}")
finally:
    for side in sides.values():
        if isinstance(side, tuple):
            side[0].terminate(); side[0].wait()
    shutil.rmtree(tmp, ignore_errors=True)
