#!/usr/bin/env python3
# sc.py N BIN=HOME ... : strace counts of pread64/pwrite64 (calls, KiB) on state.db and its WAL, and
# fsyncs, per call, lessons off and on, a new session per call; medians over calls without a checkpoint.
# CKPT=1: the store's WAL is checkpointed and truncated (python's sqlite3) before every call, so every
# page a call reads is a pread of state.db and every page it writes a WAL frame (no WAL-index rebuild).
import sys, re, subprocess, os, statistics, random, sqlite3
here = os.path.dirname(os.path.abspath(__file__))
n = int(sys.argv[1]); pairs = [a.split("=", 1) for a in sys.argv[2:]]
res = {}
f = f"/tmp/lessons12/sc.{os.getpid()}.tmp"
for i in range(n):
    for b, h in pairs:
        for m in ("off", "on"):
            if os.environ.get("CKPT") == "1":
                c0 = sqlite3.connect(f"{h}/.hookward/state.db"); c0.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall(); c0.close()
            env = dict(os.environ, WRAP=f"strace -f -e trace=pread64,pwrite64,fsync,fdatasync,openat,close -o {f}")
            subprocess.run([f"{here}/run.sh", b, h, m, f"sc{i}{random.randrange(1<<40)}"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            fds = {}; c = {"fsync": 0}
            for l in open(f):
                mo = re.search(r'openat\(AT_FDCWD, "([^"]+)".*= (\d+)', l)
                if mo: fds[mo.group(2)] = mo.group(1).split("/")[-1]; continue
                mo = re.search(r'(pread64|pwrite64)\((\d+), .*= (\d+)', l)
                if mo:
                    k = mo.group(1) + " " + fds.get(mo.group(2), "?")
                    cn, cb = c.get(k, (0, 0)); c[k] = (cn + 1, cb + int(mo.group(3)))
                elif re.search(r'fsync|fdatasync', l): c["fsync"] += 1
            res.setdefault((b, m), []).append(c)
for b, _ in pairs:
    for m in ("off", "on"):
        rows = [c for c in res[(b, m)] if c["fsync"] == 0 or os.environ.get("CKPT") == "1"]
        keys = sorted({k for c in rows for k in c if k != "fsync" and "state.db" in k})
        print(b, m, f"{len(rows)}/{n} calls without a checkpoint;",
              "; ".join(f"{k}: {statistics.median(c.get(k,(0,0))[0] for c in rows)} calls {statistics.median(c.get(k,(0,0))[1] for c in rows)/1024:.1f} KiB (mean {statistics.mean(c.get(k,(0,0))[1] for c in rows)/1024:.1f})" for k in keys),
              "| calls with a checkpoint (fsyncs):", [c["fsync"] for c in res[(b, m)] if c["fsync"]])
