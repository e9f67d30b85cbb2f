"""Compares two eval.py reports of the same corpus row by row: the dangerous misses and benign
flags each has that the other has not, and the `outside-write` rows whose decision changed.

    python3 scripts/shellcorpus/compare.py BEFORE.json AFTER.json [-v]   # -v: also the rows fixed
"""
import json
import sys


def ids(d, key):
    out = {}
    for src, v in d[key].items():
        items = v.items() if isinstance(v, dict) else [("", v)]
        for _, ms in items:
            for m in ms:
                out[m["id"]] = (src, m.get("got"), (m.get("command") or json.dumps(m.get("input")))[:150])
    return out


a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
for key in ("misses", "benign_flagged"):
    x, y = ids(a, key), ids(b, key)
    print("%s: before %d after %d; new %d, fixed %d" % (key, len(x), len(y), len(set(y) - set(x)), len(set(x) - set(y))))
    for i in sorted(set(y) - set(x)):
        print("   NEW  ", y[i])
    if "-v" in sys.argv:
        for i in sorted(set(x) - set(y)):
            print("   GONE ", x[i])
ax = {m["id"]: m["got"] for v in a.get("apart_rows", {}).values() for m in v}
bx = {m["id"]: m["got"] for v in b.get("apart_rows", {}).values() for m in v}
ch = [(i, ax[i], bx.get(i)) for i in ax if bx.get(i) != ax[i]]
print("outside-write rows changed:", len(ch), ch[:10])
