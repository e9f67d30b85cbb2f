import subprocess, re, collections, glob, sys
def load(f):
    out = subprocess.run(["perf", "script", "-i", f, "--show-mmap-events", "-F", "comm,ip,sym,addr,dso"], capture_output=True, text=True).stdout
    maps = []; faults = collections.Counter(); bysym = collections.Counter()
    for l in out.splitlines():
        m = re.search(r"PERF_RECORD_MMAP2? \d+/\d+: \[(0x[0-9a-f]+)\((0x[0-9a-f]+)\).*?\]: \S+ (.*)$", l)
        if m:
            s = int(m.group(1), 16); n = int(m.group(2), 16); name = m.group(3).split("/")[-1]
            maps.append((s, s + n, name)); continue
        p = l.split()
        if len(p) >= 3 and not "PERF_RECORD" in l:
            try: addr = int(p[1], 16)
            except: continue
            name = "anon/heap"
            for s, e, nm in reversed(maps):
                if s <= addr < e: name = nm; break
            if addr >= 0x7ff000000000 and name == "anon/heap": name = "stack?"
            sym = " ".join(p[3:]) if len(p) > 3 else "?"
            faults[name] += 1
            bysym[(name, sym[:70])] += 1
    return faults, bysym
agg = {}
for m in ("off", "on"):
    fs = [load(f) for f in glob.glob(f"pf.{m}.*.data")]
    n = len(fs)
    a = collections.Counter(); b = collections.Counter()
    for f, s in fs: a.update(f); b.update(s)
    agg[m] = ({k: v / n for k, v in a.items()}, {k: v / n for k, v in b.items()})
for k in sorted(set(agg["on"][0]) | set(agg["off"][0]), key=lambda k: -(agg["on"][0].get(k, 0) - agg["off"][0].get(k, 0))):
    on = agg["on"][0].get(k, 0); off = agg["off"][0].get(k, 0)
    print(f"{on-off:+6.1f} on {on:6.1f} off {off:6.1f} {k}")
print("--- by faulting code")
rows = sorted(set(agg["on"][1]) | set(agg["off"][1]), key=lambda k: -(agg["on"][1].get(k, 0) - agg["off"][1].get(k, 0)))
for k in rows[:40]:
    on = agg["on"][1].get(k, 0); off = agg["off"][1].get(k, 0)
    print(f"{on-off:+6.1f} on {on:5.1f} off {off:5.1f} {k}")
