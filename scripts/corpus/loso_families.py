#!/usr/bin/env python3
"""Per-family figures of a leave-one-source-out run, including benign-only families.

`hookward-train loso|build --report R.json --scores S.jsonl` lists per-source rows only for
families that have injections; benign-only families (hard negatives) appear only in the pooled
benign rate. This reads the run's own Platt parameters and threshold from R.json and the
out-of-fold scores from S.jsonl and prints, per family: injections by task, flagged (rules or
model), rules alone, model alone, benign texts and benign flagged. It also prints the indirect
macro recall over a named subset of families (the 12 of the issue-10 record by default), so a
run on a wider corpus can be compared with the record on the same sources.

    python3 scripts/corpus/loso_families.py R.json S.jsonl [--old FAM,…] [--new FAM,…] [--threshold T]

Holdout families (scripts/corpus/holdout.txt) and authored (train-only) ones are left out, as
in the report. Nothing here changes a figure: it recomputes the report's own arithmetic.
"""
import argparse, collections, json, math, os

OLD12 = ("agent-injection-bench,agent-probe-ai,agentprobe-injection,bipia,cyberseceval-ml,garak,"
         "injecagent,mcp-injection-experiments,purplellama,sep,wasp,xsafety")
HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("scores")
    ap.add_argument("--old", default=OLD12)
    ap.add_argument("--threshold", type=float, help="score the run at this threshold instead of its own")
    ap.add_argument("--new", default="", help="comma-separated families to pool apart (benign rate)")
    a = ap.parse_args()
    rep = json.load(open(a.report))
    pa, pb = rep["platt"]
    t = rep["threshold"] if a.threshold is None else a.threshold
    hold = {l.split("#")[0].strip() for l in open(os.path.join(HERE, "holdout.txt")) if l.split("#")[0].strip()}
    fam = collections.defaultdict(lambda: collections.Counter())
    for line in open(a.scores):
        r = json.loads(line)
        f = r["family"]
        if f in hold or f.startswith("authored") or r["logit"] is None:
            continue
        m = 1 / (1 + math.exp(-(pa * r["logit"] + pb))) >= t
        c = fam[f]
        if r["label"] == "benign":
            c["nb"] += 1
            c["bf"] += bool(m or r["rules"])
            c["bm"] += bool(m)
        else:
            k = r["task"]
            c[f"n_{k}"] += 1
            c[f"f_{k}"] += bool(m or r["rules"])
            c[f"r_{k}"] += bool(r["rules"])
            c[f"m_{k}"] += bool(m)
    pct = lambda x, n: f"{100 * x / n:.1f} %" if n else "–"
    pct2 = lambda x, n: f"{100 * x / n:.2f} %" if n else "–"
    old = [f for f in a.old.split(",") if f]
    have = [f for f in old if fam[f]["n_indirect"]]
    macro = lambda fs: sum(fam[f]["f_indirect"] / fam[f]["n_indirect"] for f in fs) / max(1, len(fs))
    allind = sorted(f for f in fam if fam[f]["n_indirect"])
    print(f"threshold {t:.2f}, Platt a={pa:.3f} b={pb:.3f}")
    print(f"indirect macro over the {len(have)} named families: {100 * macro(have):.1f} %"
          + (f" (missing: {sorted(set(old) - set(have))})" if len(have) != len(old) else ""))
    print(f"indirect macro over all {len(allind)} families with indirect injections: {100 * macro(allind):.1f} %")
    mem = [sum(fam[f][k] for f in fam) for k in ("f_memory", "n_memory")]
    print(f"memory recall pooled: {pct(*mem)} ({mem[0]}/{mem[1]})")
    ben = [sum(fam[f][k] for f in fam) for k in ("bf", "nb", "bm")]
    print(f"benign flagged pooled: {pct2(ben[0], ben[1])} ({ben[0]}/{ben[1]}; model alone {pct2(ben[2], ben[1])})")
    if a.new:
        new = set(a.new.split(","))
        for name, sel in (("families not in --new", lambda f: f not in new), ("--new families", lambda f: f in new)):
            b = [sum(fam[f][k] for f in fam if sel(f)) for k in ("bf", "nb")]
            m = [sum(fam[f][k] for f in fam if sel(f)) for k in ("f_memory", "n_memory")]
            print(f"{name}: benign flagged {pct2(*b)} ({b[0]}/{b[1]}), memory recall {pct(*m)} ({m[0]}/{m[1]})")
    print()
    print("| family | task | injections | flagged | rules alone | model alone | benign | benign flagged | by the model |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for f in sorted(fam):
        c = fam[f]
        tasks = sorted(k[2:] for k in c if k.startswith("n_"))
        for i, k in enumerate(tasks or [""]):
            n = c[f"n_{k}"]
            bn = c["nb"] if i == 0 else ""
            print(f"| {f} | {k or '–'} | {n} | {pct(c[f'f_{k}'], n)} | {pct(c[f'r_{k}'], n)} | {pct(c[f'm_{k}'], n)} | "
                  f"{bn} | {pct2(c['bf'], c['nb']) if i == 0 else ''} | {pct2(c['bm'], c['nb']) if i == 0 else ''} |")


if __name__ == "__main__":
    main()
