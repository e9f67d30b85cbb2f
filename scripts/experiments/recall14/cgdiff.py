import collections,re,subprocess,sys
# cgdiff.py ON OFF [inc]: per-function Ir, ON - OFF
inc = len(sys.argv) > 3
def load(f):
    out = subprocess.run(["callgrind_annotate","--threshold=100"]+(["--inclusive=yes"] if inc else [])+[f],capture_output=True,text=True).stdout
    c=collections.Counter()
    for l in out.splitlines():
        m=re.match(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.*?)(?: \[.*\])?$",l)
        if m and ":" in m.group(2): c[m.group(2)]+=int(m.group(1).replace(",",""))
    return c
a,b=load(sys.argv[1]),load(sys.argv[2])
diff=sorted(((a[k]-b[k],k) for k in set(a)|set(b)),reverse=True)
for x,k in diff[:50]: print(f"{x:>10} {a[k]:>10} {b[k]:>10} {k}")
print("...")
for x,k in diff[-10:]: print(f"{x:>10} {a[k]:>10} {b[k]:>10} {k}")
