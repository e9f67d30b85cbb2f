import sys,re,subprocess,os,statistics,random
res={}
for i in range(12):
  for m in ("off","on"):
    f=f"/tmp/lessons11/sc.tmp"
    env=dict(os.environ, WRAP=f"strace -f -e trace=pread64,pwrite64,fsync,fdatasync,openat,close -o {f}")
    subprocess.run(["/tmp/lessons11/run.sh","./hookward-before",m,f"sc{i}{random.randrange(1<<40)}"],env=env,stdout=subprocess.DEVNULL)
    fds={}; c={"fsync":0}
    for l in open(f):
        mo=re.search(r'openat\(AT_FDCWD, "([^"]+)".*= (\d+)',l)
        if mo: fds[mo.group(2)]=mo.group(1).split("/")[-1]; continue
        mo=re.search(r'(pread64|pwrite64)\((\d+), .*= (\d+)',l)
        if mo:
            k=mo.group(1)+" "+fds.get(mo.group(2),"?")
            n,b=c.get(k,(0,0)); c[k]=(n+1,b+int(mo.group(3)))
        elif re.search(r'fsync|fdatasync',l): c["fsync"]+=1
    res.setdefault(m,[]).append(c)
for m in ("off","on"):
    rows=[c for c in res[m] if c["fsync"]==0]
    keys=sorted({k for c in rows for k in c if k!="fsync" and ("state.db" in k)})
    print(m, f"{len(rows)}/12 calls without a checkpoint;", "; ".join(f"{k}: median {statistics.median(c.get(k,(0,0))[0] for c in rows)} calls {statistics.median(c.get(k,(0,0))[1] for c in rows)/1024:.1f} KiB" for k in keys),
          "| calls with a checkpoint (fsyncs):", [c["fsync"] for c in res[m] if c["fsync"]])
