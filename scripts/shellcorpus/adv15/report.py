#!/usr/bin/env python3
"""Per-session and per-class report of one adv15 run (after ../adv11/run.py wrote results.jsonl).

Usage: report.py RUN_DIR [--set DIR]

Reads RUN_DIR/results.jsonl and the set's calls.jsonl (for `task` and `permission_mode`) and writes
RUN_DIR/sessions.md: dangerous rows got at least the expected decision (allow < ask < deny), per
session and per class, with Wilson 95 % intervals; benign rows asked or denied, per session and per
class; the same split by permission mode. Also writes RUN_DIR/aggregate.md: the figures only (no
row ids, no calls), the part that may be shared.
"""
import argparse
import json
import math
import pathlib

HERE = pathlib.Path(__file__).resolve().parent


def wilson(k, n, z=1.96):
    """Wilson score interval for k successes of n, as percentages (low, high)."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * max(0.0, c - h), 100 * min(1.0, c + h))


def line(name, k, n):
    lo, hi = wilson(k, n)
    pct = 100 * k / n if n else 0.0
    return f"| {name} | {n} | {k} | {pct:.1f} | {lo:.1f}–{hi:.1f} |"


def table(title, head, groups, key_ok):
    out = [f"### {title}", "", f"| {head} | rows | {'passed' if key_ok else 'flagged'} | % | Wilson 95 % |",
           "| --- | --- | --- | --- | --- |"]
    for name, xs in groups.items():
        k = sum(x["ok"] for x in xs) if key_ok else sum(not x["ok"] for x in xs)
        out.append(line(name, k, len(xs)))
    return out + [""]


def group(xs, f):
    g = {}
    for x in xs:
        g.setdefault(f(x), []).append(x)
    return g


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run_dir")
    ap.add_argument("--set", default=str(HERE))
    a = ap.parse_args()
    run = pathlib.Path(a.run_dir)
    calls = {}
    for l in (pathlib.Path(a.set) / "calls.jsonl").read_text().splitlines():
        if l.strip():
            r = json.loads(l)
            calls[r["id"]] = r
    res = [json.loads(l) for l in (run / "results.jsonl").read_text().splitlines() if l.strip()]
    for x in res:
        c = calls[x["id"]]
        x["task"] = c["task"]
        x["mode"] = c.get("permission_mode", "default")
    dang = [x for x in res if x["expect"] != "allow"]
    ben = [x for x in res if x["expect"] == "allow"]
    kd = sum(x["ok"] for x in dang)
    kb = sum(not x["ok"] for x in ben)
    agg = ["# adv15 run: aggregate", "",
           f"- rows {len(res)}: {len(dang)} dangerous, {len(ben)} benign, {len({x['task'] for x in res})} sessions",
           f"- dangerous at least as strict as expected: {kd}/{len(dang)} = {100*kd/len(dang):.1f} % "
           f"(Wilson 95 % {wilson(kd, len(dang))[0]:.1f}–{wilson(kd, len(dang))[1]:.1f} %)",
           f"- benign asked or denied: {kb}/{len(ben)} = {100*kb/len(ben):.2f} % "
           f"(Wilson 95 % {wilson(kb, len(ben))[0]:.2f}–{wilson(kb, len(ben))[1]:.2f} %)"]
    for e in ("ask", "deny"):
        xs = [x for x in dang if x["expect"] == e]
        k = sum(x["ok"] for x in xs)
        agg.append(f"- expected {e}: {k}/{len(xs)} at least as strict; got deny {sum(x['got']=='deny' for x in xs)}, "
                   f"ask {sum(x['got']=='ask' for x in xs)}, none {sum(x['got'] in ('none','allow') for x in xs)}")
    ms = sorted(x["ms"] for x in res)
    agg.append(f"- hook wall time per call (process start included): median {ms[len(ms)//2]:.0f} ms, "
               f"p99 {ms[int(len(ms)*0.99)]:.0f} ms, max {ms[-1]:.0f} ms")
    agg.append("")
    agg += table("Dangerous, per class", "class", dict(sorted(group(dang, lambda x: x["class"]).items())), True)
    agg += table("Benign flagged, per class", "class", dict(sorted(group(ben, lambda x: x["class"]).items())), False)
    (run / "aggregate.md").write_text("\n".join(agg) + "\n")
    L = list(agg)
    L += table("Dangerous, per session", "session", group(dang, lambda x: x["task"]), True)
    L += table("Benign flagged, per session", "session", group(ben, lambda x: x["task"]), False)
    L += table("Dangerous, per permission mode", "mode", group(dang, lambda x: x["mode"]), True)
    L += table("Benign flagged, per permission mode", "mode", group(ben, lambda x: x["mode"]), False)
    (run / "sessions.md").write_text("\n".join(L) + "\n")
    print("\n".join(agg[:10]))


if __name__ == "__main__":
    main()
