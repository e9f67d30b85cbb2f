#!/usr/bin/env python3
"""Load-independent cost of one `hookward hook claude-code` process (issue 15), per case and
binary, beside `/bin/true` and the minimal serde_json program of `bench_hook.py --floor`.

Usage: scripts/count_hook.py BIN [BIN...] [--runs N] [--cases WORD,...] [--no-callgrind]

What it counts, per process (the bench homes and payloads are `bench_hook.py`'s, one home per
binary, three warm-up calls per case first):
- `Ir`: instructions executed in user space, dynamic loader included (`valgrind --tool=callgrind`,
  one run; this machine's perf has no hardware counters). Nearly deterministic.
- `faults`: page faults (minor + major), median of N runs of `perf stat -e page-faults`.
- `task ms`: task-clock of the process in ms, median of the same N runs (CPU, user + kernel;
  it moves with the machine's load, the counts above do not).
- `syscalls`: system calls of the process and its threads (`strace -f`, one run) and `read B`,
  the bytes its `read`/`pread64` calls returned.
- Before every measured process the store's WAL is checkpointed and removed (`settle`), so
  each starts from the same store state (an empty WAL: the floor of the open's index rebuild).
- `reply`: a short hash of the reply (stdout, the bench home's path replaced by `<HOME>`), so two
  binaries can be checked for byte-identical replies.

`--client [PATH]`: also counts the warm helper's client (`hookward-hook claude-code`, by default
next to the first BIN) answering through a running `BIN hook-server` (`HOOKWARD_WARM=require`):
the rows are the client process alone; the server's own CPU per call is given apart (`srv ms`:
its utime + stime from /proc/PID/stat over the perf runs, divided by their number; 10 ms ticks,
so use enough runs).

Nothing outside the temporary homes is touched; nothing is timed against a threshold."""
import argparse, hashlib, os, re, shutil, statistics, subprocess, sys, tempfile, types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_hook  # noqa: E402  (the homes and cases of the whole-process bench)


def perf_once(argv, data, env):
    """(page faults, task-clock ms) of one process under `perf stat`."""
    with tempfile.TemporaryFile() as f:
        f.write(data)
        f.seek(0)
        p = subprocess.run(["perf", "stat", "-x,", "-e", "page-faults,task-clock", "--"] + argv,
                           stdin=f, capture_output=True, env=env)
    faults = clock = float("nan")
    for line in p.stderr.decode(errors="replace").splitlines():
        parts = line.split(",")
        if len(parts) > 2 and parts[2].startswith("page-faults"):
            faults = float(parts[0])
        elif len(parts) > 2 and parts[2].startswith("task-clock"):
            clock = float(parts[0])
    return faults, clock


def strace_once(argv, data, env, tmp):
    """(syscalls, bytes read) of one process and its threads."""
    out = os.path.join(tmp, "strace.out")
    with tempfile.TemporaryFile() as f:
        f.write(data)
        f.seek(0)
        subprocess.run(["strace", "-f", "-qq", "-o", out] + argv, stdin=f, capture_output=True, env=env)
    calls, read = 0, 0
    ret = re.compile(r"\)\s+=\s+(-?\d+)(?:\s.*)?$")
    with open(out, errors="replace") as t:
        for line in t:
            body = line.split(None, 1)[1] if " " in line else ""
            if body.startswith(("+++", "---")):
                continue
            resumed = body.startswith("<...")
            name = body[5:].split(None, 1)[0] if resumed else body.split("(", 1)[0]
            if not resumed:
                calls += 1
            if name in ("read", "pread64") and "unfinished" not in body:
                m = ret.search(body.rstrip())
                if m:
                    read += max(0, int(m.group(1)))
    return calls, read


def callgrind_once(argv, data, env, tmp):
    """Instructions executed (Ir) by the process, its threads and its dynamic loader."""
    out = os.path.join(tmp, "callgrind.out")
    p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + argv,
                       input=data, capture_output=True, env=env)
    m = re.search(r"Collected : (\d+)", p.stderr.decode(errors="replace"))
    return int(m.group(1)) if m else float("nan")


def reply_hash(argv, data, env, home):
    p = subprocess.run(argv, input=data, capture_output=True, env=env)
    out = p.stdout.replace(home.encode(), b"<HOME>")
    return hashlib.blake2s(out + b"\0" + str(p.returncode).encode(), digest_size=4).hexdigest()


def settle(env):
    """Checkpoints and removes the store's WAL (Python's sqlite3, outside any hook), so every
    measured process starts from the same store state: an empty WAL. Without it each call
    finds the WAL a record longer than the last (SQLite rebuilds its index from the whole WAL
    at open), and counts drift by ~2 % within a case."""
    import sqlite3
    db = os.path.join(env["HOOKWARD_HOME"], "state.db")
    if os.path.exists(db):
        c = sqlite3.connect(db)
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        c.close()


def measure(argv, data, env, home, a, tmp, server=None):
    def settled(f, *args):
        settle(env)
        return f(*args)
    srv0 = bench_hook.WarmServers.cpu_ms(server) if server else 0.0
    pf = [settled(perf_once, argv, data, env) for _ in range(a.runs)]
    srv = (bench_hook.WarmServers.cpu_ms(server) - srv0) / a.runs if server else float("nan")
    calls, read = settled(strace_once, argv, data, env, tmp)
    ir = float("nan") if a.no_callgrind else settled(callgrind_once, argv, data, env, tmp)
    return {"ir": ir, "faults": statistics.median(x for x, _ in pf),
            "task_ms": statistics.median(y for _, y in pf), "syscalls": calls, "read_bytes": read,
            "server_ms": srv,
            "reply": settled(reply_hash, argv, data, env, home)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binaries", nargs="+")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--cases", default="PreToolUse-Bash,PreToolUse-Write,UserPromptSubmit,SessionStart,20 KB")
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--user-rules", type=int, default=0)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--payloads", default=os.path.join(here, "..", "..", "shared", "protocol", "payloads", "claude"))
    ap.add_argument("--client", nargs="?", const="auto", default=None,
                    help="also count the warm helper's client against a running `BIN hook-server`")
    a = ap.parse_args()
    minimal = bench_hook.minimal_program()
    tmp = tempfile.mkdtemp(prefix="hookward-count-")
    client = a.client
    if client == "auto":
        client = os.path.join(os.path.dirname(os.path.abspath(a.binaries[0])), "hookward-hook")
    servers = bench_hook.WarmServers(os.path.abspath(a.binaries[0])) if client else None
    try:
        rows = []
        for i, binary in enumerate(a.binaries):
            opts = types.SimpleNamespace(config=None, payloads=a.payloads, binary=os.path.abspath(binary),
                                         lessons=0, budget=False, cases=a.cases)
            root = os.path.join(tmp, f"b{i}")
            env, cases, home = bench_hook.build(opts, root, a.user_rules)
            for label, argv, data, e in cases:
                if argv[0] != opts.binary:
                    continue
                for _ in range(3):
                    subprocess.run(argv, input=data, capture_output=True, env=e)
                if i == 0:
                    for name, base in (("/bin/true", ["/bin/true"]), ("minimal", [minimal])):
                        r = measure(base, data, e, home, a, tmp)
                        rows.append((label, name, r))
                rows.append((label, binary, measure(argv, data, e, home, a, tmp)))
                if client and i == 0:
                    server = servers.ensure(e)
                    ce = dict(e, HOOKWARD_WARM="require")
                    cargv = [client] + argv[2:]
                    for _ in range(3):
                        subprocess.run(cargv, input=data, capture_output=True, env=ce)
                    rows.append((label, "client+server", measure(cargv, data, ce, home, a, tmp, server)))
        la = os.getloadavg()
        print(f"load average {la[0]:.2f} {la[1]:.2f} {la[2]:.2f}; perf runs per row {a.runs}")
        print(f"{'case':42} {'binary':28} {'Ir':>12} {'faults':>7} {'task ms':>8} {'syscalls':>8} {'read B':>9}"
              f" {'srv ms':>7}  reply")
        for label, name, r in rows:
            print(f"{label[:42]:42} {name[-28:]:28} {r['ir']:12,.0f} {r['faults']:7.0f} {r['task_ms']:8.2f} "
                  f"{r['syscalls']:8d} {r['read_bytes']:9d} {r['server_ms']:7.2f}  {r['reply']}")
    finally:
        if servers:
            servers.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
