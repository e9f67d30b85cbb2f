#!/usr/bin/env python3
"""Median `HOOKWARD_TRACE=1` step times of `hookward hook claude-code` over N calls of each
binary, the binaries interleaved call by call (issue 15). Usage:

    scripts/trace_hook.py PAYLOAD N BIN [BIN...]

Each binary gets its own temporary HOME (an empty project); the first two calls of each are
warm-up (store created, policy program cached) and not counted."""
import os, re, statistics, subprocess, sys, tempfile

payload = open(sys.argv[1], "rb").read()
n = int(sys.argv[2])
bins = sys.argv[3:]
homes = {}
for b in bins:
    h = tempfile.mkdtemp(prefix="f4tr-")
    os.makedirs(os.path.join(h, "project"))
    homes[b] = {"PATH": "/usr/bin:/bin", "HOME": h, "HOOKWARD_HOME": os.path.join(h, ".hookward"),
                "CLAUDE_PROJECT_DIR": os.path.join(h, "project"), "HOOKWARD_TRACE": "1"}
steps = {b: {} for b in bins}
for i in range(n + 2):
    for b in bins:
        p = subprocess.run([b, "hook", "claude-code"], input=payload, capture_output=True, env=homes[b])
        if i < 2:
            continue
        for m in re.finditer(r"hookward trace: (.+?) (\d+) µs", p.stderr.decode()):
            steps[b].setdefault(m.group(1), []).append(int(m.group(2)))
for b in bins:
    print(b)
    for k, v in steps[b].items():
        print(f"  {k:45} median {statistics.median(v):7.0f} µs  (n={len(v)})")
