#!/usr/bin/env python3
# pstat.py N BIN=HOME ...: per round, each binary off then on (a new session per call, so every
# "on" call delivers), `perf stat -e task-clock,page-faults` per call; medians.
import subprocess, sys, statistics, random, os, json
n = int(sys.argv[1]); pairs = [a.split("=", 1) for a in sys.argv[2:]]
data = {b: {"off": [], "on": []} for b, _ in pairs}
o = f"/tmp/recall/ps/ps.{os.getpid()}.tmp"
P = "npm says the parser script is missing, run it with the right tool"
for i in range(n):
    for b, h in pairs:
        for mode in ("off", "on"):
            sess = f"s{mode}{i}{random.randrange(1<<40)}"
            payload = json.dumps({"session_id": sess, "cwd": h + "/project", "hook_event_name": "UserPromptSubmit",
                                  "prompt": P, "transcript_path": h + "/t.jsonl"}).encode()
            env = {"PATH": "/usr/bin:/bin", "HOME": h, "HOOKWARD_HOME": h + "/.hookward", "CLAUDE_PROJECT_DIR": h + "/project"}
            if mode == "off":
                env["HOOKWARD_LESSONS"] = "0"
            r = subprocess.run(["perf", "stat", "-x,", "-e", "task-clock,page-faults", "-o", o, b, "hook", "claude-code"],
                               input=payload, env=env, capture_output=True)
            if mode == "on":
                assert b"hookward lesson L" in r.stdout, r.stdout[:200]
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
        print(f"{os.path.basename(b)}: {k}: off p50 {statistics.median(off):.3f} on p50 {statistics.median(on):.3f} median(on-off) {diff:+.3f}")
