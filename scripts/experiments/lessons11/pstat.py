#!/usr/bin/env python3
# pstat.py N BIN[:label] ... : rounds of (BIN off, BIN on) per binary, new session per call (every
# "on" call delivers); perf stat task-clock/page-faults per call; median of per-round on-off differences
import subprocess, sys, statistics, random, os
n = int(sys.argv[1]); bins = sys.argv[2:]
same = os.environ.get("SAME") == "1"
data = {b: {"off": [], "on": []} for b in bins}
for i in range(n):
    for b in bins:
        for mode in ("off", "on"):
            sess = f"same-{mode}" if same else f"s{mode}{i}{random.randrange(1<<40)}"
            o = f"/tmp/lessons11/ps.tmp"
            env = dict(os.environ, WRAP=f"perf stat -x, -e task-clock,page-faults,context-switches -o {o}")
            subprocess.run(["/tmp/lessons11/run.sh", b, mode, sess], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            v = {}
            for l in open(o):
                p = l.strip().split(",")
                if len(p) > 3 and p[0] and not l.startswith("#"):
                    v[p[2]] = float(p[0])
            data[b][mode].append(v)
for b in bins:
    d = data[b]
    for k in ("task-clock", "page-faults", "context-switches"):
        on = [x[k] for x in d["on"]]; off = [x[k] for x in d["off"]]
        diff = statistics.median(a - c for a, c in zip(on, off))
        print(f"{b}: {k}: off p50 {statistics.median(off):.3f} on p50 {statistics.median(on):.3f} median(on-off) {diff:+.3f}")
