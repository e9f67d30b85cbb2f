#!/usr/bin/env python3
# pstat.py N BIN=HOME ... : rounds of (off, on) per binary, binaries interleaved in every round, a new
# session per call (every "on" call delivers, unless SAME=1: one session per binary and mode);
# perf stat task-clock / page-faults per call; prints p50 off, p50 on and the median of the
# per-round on - off differences. PROMPT= as in run.sh.
import subprocess, sys, statistics, random, os
here = os.path.dirname(os.path.abspath(__file__))
n = int(sys.argv[1]); pairs = [a.split("=", 1) for a in sys.argv[2:]]
same = os.environ.get("SAME") == "1"
data = {b: {"off": [], "on": []} for b, _ in pairs}
o = f"/tmp/lessons12/ps.{os.getpid()}.tmp"
for i in range(n):
    for b, h in pairs:
        for mode in ("off", "on"):
            sess = f"same-{mode}" if same else f"s{mode}{i}{random.randrange(1<<40)}"
            env = dict(os.environ, WRAP=f"perf stat -x, -e task-clock,page-faults -o {o}")
            subprocess.run([f"{here}/run.sh", b, h, mode, sess], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            v = {}
            for l in open(o):
                p = l.strip().split(",")
                if len(p) > 3 and p[0] and not l.startswith("#"):
                    v[p[2]] = float(p[0])
            data[b][mode].append(v)
for b, _ in pairs:
    d = data[b]
    for k in ("task-clock", "page-faults"):
        on = [x[k] for x in d["on"]]; off = [x[k] for x in d["off"]]
        diff = statistics.median(a - c for a, c in zip(on, off))
        print(f"{b}: {k}: off p50 {statistics.median(off):.3f} on p50 {statistics.median(on):.3f} median(on-off) {diff:+.3f}")
