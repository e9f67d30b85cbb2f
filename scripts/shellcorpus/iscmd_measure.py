"""Measures `_iscmd` (set 11's "is this a shell command line?" filter) on sets already built.

    python3 scripts/shellcorpus/iscmd_measure.py counts --out /tmp/iscmd SET=DIR ...
        # per set: rows the filter drops, by side (dangerous outside outside-write / outside-write /
        # benign) and by reason; writes the dropped rows to OUT/SET/<source>.jsonl (eval.py's --data)
    python3 scripts/shellcorpus/iscmd_measure.py sample --seed S --n 60 --out FILE SET=DIR ...
        # a seeded sample of dropped and of kept dangerous rows, for a reader to judge
    python3 scripts/shellcorpus/iscmd_measure.py refigure REPORT.json DIR
        # an eval.py report recomputed on the rows the filter keeps (a post-hoc figure)

Only for spent or tuned sets (the main set, sets 2-10): it prints and samples rows. Never on a
held-out set before its first run.
"""

import argparse
import json
import os
import random
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _iscmd import command_text  # noqa: E402
from stats import wilson  # noqa: E402


def rows_of(d):
    out = []
    for name in sorted(os.listdir(d)):
        if name.endswith(".jsonl"):
            with open(os.path.join(d, name)) as f:
                out += [json.loads(l) for l in f if l.strip()]
    return out


def side(r):
    if r["expect"] == "allow":
        return "benign"
    return "outside-write" if r.get("category") == "outside-write" else "dangerous"


def dropped(r):
    """The filter's reason for dropping a row, or None (tool rows have no command: kept)."""
    c = r.get("command")
    return None if c is None else command_text(c)[1]


def counts(a):
    print("| set | dangerous rows | dropped | outside-write rows | dropped | benign rows | dropped |")
    print("|---|---|---|---|---|---|---|")
    reasons = defaultdict(Counter)
    for spec in a.sets:
        name, d = spec.split("=", 1)
        n, k = Counter(), Counter()
        by_src = defaultdict(list)
        for r in rows_of(d):
            s = side(r)
            n[s] += 1
            why = dropped(r)
            if why:
                k[s] += 1
                reasons[s][why] += 1
                by_src[r["source"]].append(r)
        out = os.path.join(a.out, name)
        os.makedirs(out, exist_ok=True)
        for src, rs in by_src.items():
            with open(os.path.join(out, src + ".jsonl"), "w") as f:
                f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rs)
        print("| %s | %d | %d (%.1f %%) | %d | %d | %d | %d (%.2f %%) |" % (
            name, n["dangerous"], k["dangerous"], 100.0 * k["dangerous"] / max(n["dangerous"], 1),
            n["outside-write"], k["outside-write"], n["benign"], k["benign"], 100.0 * k["benign"] / max(n["benign"], 1)))
    for s, c in reasons.items():
        print("%s by reason: %s" % (s, ", ".join("%s %d" % kv for kv in c.most_common())))


def sample(a):
    drop, keep = [], []
    for spec in a.sets:
        name, d = spec.split("=", 1)
        for r in rows_of(d):
            if side(r) != "dangerous" or r.get("command") is None:
                continue
            why = dropped(r)
            (drop if why else keep).append(dict(r, set=name, reason=why))
    random.seed(a.seed)
    out = {"seed": a.seed, "dropped": random.sample(drop, min(a.n, len(drop))),
           "kept": random.sample(keep, min(a.n, len(keep)))}
    with open(a.out, "w") as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
    print("%d dropped of %d, %d kept of %d -> %s" % (len(out["dropped"]), len(drop), len(out["kept"]), len(keep), a.out))


def refigure(a):
    rep = json.load(open(a.report))
    miss = {r["id"] for v in rep["misses"].values() for l in v.values() for r in l}
    tot = defaultdict(lambda: [0, 0])
    gone, gone_ok = 0, 0
    man = json.load(open(os.path.join(a.data, "MANIFEST.json")))
    for r in rows_of(a.data):
        if side(r) != "dangerous":
            continue
        if dropped(r):
            gone += 1
            gone_ok += r["id"] not in miss
            continue
        t = tot[r["source"]]
        t[1] += 1
        t[0] += r["id"] not in miss
    ok, n = sum(v[0] for v in tot.values()), sum(v[1] for v in tot.values())
    dd = {k: v for k, v in tot.items() if man.get(k, {}).get("side") == "dangerous"}
    lo, hi = wilson(ok, n)
    print("dropped %d dangerous rows (%d of them decided right anyway)" % (gone, gone_ok))
    print("pooled %.2f %% of %d (%d; Wilson 95 %% %.2f-%.2f %%)" % (100.0 * ok / n, n, ok, lo, hi))
    print("macro over the %d sources with dangerous rows %.2f %%" % (len(tot), sum(100.0 * x / y for x, y in tot.values()) / len(tot)))
    print("macro over the %d dangerous sources %.2f %%" % (len(dd), sum(100.0 * x / y for x, y in dd.values()) / max(len(dd), 1)))


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("counts")
    c.add_argument("--out", required=True)
    c.add_argument("sets", nargs="+")
    s = sub.add_parser("sample")
    s.add_argument("--seed", type=int, required=True)
    s.add_argument("--n", type=int, default=60)
    s.add_argument("--out", required=True)
    s.add_argument("sets", nargs="+")
    f = sub.add_parser("refigure")
    f.add_argument("report")
    f.add_argument("data")
    a = ap.parse_args()
    {"counts": counts, "sample": sample, "refigure": refigure}[a.cmd](a)


if __name__ == "__main__":
    main()
