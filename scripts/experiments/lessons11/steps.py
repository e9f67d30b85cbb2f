#!/usr/bin/env python3
# steps.py BIN N [same]: N interleaved rounds off/on with HOOKWARD_TRACE=1; medians per step
import subprocess, sys, statistics, collections, random, re, os
bin_, n = sys.argv[1], int(sys.argv[2]); same = len(sys.argv) > 3
res = {"off": collections.defaultdict(list), "on": collections.defaultdict(list)}
cpu = {"off": [], "on": []}
for i in range(n):
    for mode in ("off", "on"):
        sess = ("same" + mode) if same else f"s{mode}{i}{random.randrange(1<<30)}"
        p = subprocess.Popen(["/tmp/lessons11/run.sh", bin_, mode, sess, "HOOKWARD_TRACE=1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = p.communicate()
        for l in err.decode().splitlines():
            m = re.match(r"hookward trace: (.*) (\d+) µs", l)
            if m: res[mode][m.group(1)].append(int(m.group(2)))
for mode in ("off", "on"):
    print(mode, {k: statistics.median(v) for k, v in res[mode].items()})
