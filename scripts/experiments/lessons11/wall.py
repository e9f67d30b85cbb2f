#!/usr/bin/env python3
# wall.py N SAME(0/1): rounds of before-off, before-on, after-off, after-on (order rotated per round);
# wall ms (perf_counter around spawn..exit) and CPU ms (wait4 rusage) per call; medians and
# the median of per-round on-off differences per binary
import subprocess, os, sys, time, json, statistics, random
N = int(sys.argv[1]); same = sys.argv[2] == "1"
H = "/tmp/lessons11/home/home"
P = "npm says the parser script is missing, run it with the right tool"
bins = {"before": "/tmp/lessons11/hookward-before", "after": "/tmp/lessons11/hookward-after"}
base = {"PATH": "/usr/bin:/bin", "HOME": H, "HOOKWARD_HOME": H + "/.hookward", "CLAUDE_PROJECT_DIR": H + "/project"}
def call(b, mode, sess):
    env = dict(base)
    if mode == "off": env["HOOKWARD_LESSONS"] = "0"
    data = json.dumps({"session_id": sess, "cwd": H + "/project", "hook_event_name": "UserPromptSubmit",
                       "prompt": P, "transcript_path": H + "/t.jsonl"}).encode()
    t0 = time.perf_counter()
    p = subprocess.Popen([bins[b], "hook", "claude-code"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    p.stdin.write(data); p.stdin.close()
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - t0) * 1000
    return wall, (ru.ru_utime + ru.ru_stime) * 1000, b"additionalContext" in out
keys = [(b, m) for b in bins for m in ("off", "on")]
res = {k: [] for k in keys}
for k in keys: call(k[0], k[1], "warm")
for i in range(N):
    order = keys[i % 4:] + keys[:i % 4]
    for b, m in order:
        sess = f"same-{b}-{m}" if same else f"r{i}-{b}-{m}-{random.randrange(1<<40)}"
        res[(b, m)].append(call(b, m, sess))
for b in bins:
    off, on = res[(b, "off")], res[(b, "on")]
    dw = statistics.median(x[0] - y[0] for x, y in zip(on, off))
    dc = statistics.median(x[1] - y[1] for x, y in zip(on, off))
    shown = sum(x[2] for x in on)
    print(f"{b}: wall p50 off {statistics.median(x[0] for x in off):.2f} on {statistics.median(x[0] for x in on):.2f} "
          f"(diff of p50s {statistics.median(x[0] for x in on) - statistics.median(x[0] for x in off):+.2f}); median per-round on-off wall {dw:+.2f} ms, cpu {dc:+.2f} ms; on-calls that showed lessons {shown}/{N}")
