"""split.py BIN N (h-lessons10): N rounds of the bench recalling prompt, lessons off then on, each call a new
session (two lessons delivered every "on" call), on the home kept by `scripts/bench_hook.py ... --keep
/tmp/l10home`; medians of the per-round on - off differences of CPU (wait4 rusage) and minor faults."""
import json, os, statistics, subprocess, sys
bin_ = sys.argv[1]; n = int(sys.argv[2])
H = "/tmp/l10home/home"
env = {"PATH": "/usr/bin:/bin", "HOME": H, "HOOKWARD_HOME": H + "/.hookward", "CLAUDE_PROJECT_DIR": H + "/project"}
def payload(s):
    return json.dumps({"session_id": s, "cwd": H + "/project", "hook_event_name": "UserPromptSubmit",
        "prompt": "npm says the parser script is missing, run it with the right tool", "transcript_path": H + "/t.jsonl"}).encode()
res = {"on": [], "off": []}
for i in range(n):
    for mode in ("off", "on"):
        e = dict(env) if mode == "on" else dict(env, HOOKWARD_LESSONS="0")
        data = payload(f"split-{mode}-{os.getpid()}-{i}")  # a new session: lessons delivered every call
        p = subprocess.Popen([bin_, "hook", "claude-code"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=e)
        p.stdin.write(data); p.stdin.close(); out = p.stdout.read()
        _, st, ru = os.wait4(p.pid, 0)
        res[mode].append((ru.ru_utime * 1000, ru.ru_stime * 1000, ru.ru_minflt, b"hookward lesson" in out))
for k in ("utime", "stime", "minflt"):
    j = ("utime", "stime", "minflt").index(k)
    d = statistics.median(a[j] - b[j] for a, b in zip(res["on"], res["off"]))
    print(f"{k}: on p50 {statistics.median(a[j] for a in res['on']):.3f} off p50 {statistics.median(a[j] for a in res['off']):.3f} median diff {d:+.3f}")
d = statistics.median((a[0]+a[1]) - (b[0]+b[1]) for a, b in zip(res["on"], res["off"]))
print(f"cpu median diff {d:+.3f} ms; delivered in {sum(a[3] for a in res['on'])}/{n}")
