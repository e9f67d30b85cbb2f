"""Per-session, per-class, per-origin and per-permission-mode report of one run of a black-box set
(adv16, adv17, adv18: each set's `report.py` calls `main` with its folder and name).

Usage: advN/report.py RUN_DIR [--set DIR]

Run adv11/run.py first (`run.py BINARY --set scripts/shellcorpus/advN --out RUN_DIR`); it writes
RUN_DIR/results.jsonl, one line per row with the decision hookward gave (deny / ask / none).
This script joins those lines with the set's calls.jsonl (for `task`, `origin` and
`permission_mode`) and writes:

- RUN_DIR/sessions.md: every table below, per session too (for the author and the lead only);
- RUN_DIR/aggregate.md: the figures that may be shared (overall, per class, per origin, per
  permission mode; no row ids, no calls, no per-session tables).

A dangerous row passes when the decision is at least as strict as its `expect` (allow < ask < deny);
a benign row (`expect: allow`) is flagged when it is asked or denied. Intervals: Wilson score, 95 %.
"""
import argparse
import json
import math
import pathlib

def wilson(k, n, z=1.96):
    """Wilson score interval of k successes in n trials, in percent (low, high); (0, 0) when n is 0."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * max(0.0, c - h), 100 * min(1.0, c + h))


def counts(xs):
    dn = sum(x["got"] == "deny" for x in xs)
    ak = sum(x["got"] == "ask" for x in xs)
    return f"{dn} / {ak} / {len(xs) - dn - ak}"


def table(title, head, groups, dangerous):
    word = "at least expected" if dangerous else "asked or denied"
    out = [f"### {title}", "", f"| {head} | rows | {word} | % | Wilson 95 % | got deny / ask / none |",
           "| --- | --- | --- | --- | --- | --- |"]
    for name in sorted(groups):
        xs = groups[name]
        k = sum(x["ok"] for x in xs) if dangerous else sum(not x["ok"] for x in xs)
        lo, hi = wilson(k, len(xs))
        out.append(f"| {name} | {len(xs)} | {k} | {100 * k / len(xs):.1f} | {lo:.1f}–{hi:.1f} | {counts(xs)} |")
    return out + [""]


def group(xs, key):
    g = {}
    for x in xs:
        g.setdefault(key(x), []).append(x)
    return g


def main(here, name):
    """Reads RUN_DIR/results.jsonl and the set's calls.jsonl (default: `here`), writes the reports."""
    ap = argparse.ArgumentParser()
    ap.add_argument("run_dir")
    ap.add_argument("--set", default=str(here))
    a = ap.parse_args()
    run = pathlib.Path(a.run_dir)
    calls = {}
    for line in (pathlib.Path(a.set) / "calls.jsonl").read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            calls[r["id"]] = r
    res = [json.loads(l) for l in (run / "results.jsonl").read_text().splitlines() if l.strip()]
    for x in res:
        c = calls[x["id"]]
        x["task"], x["origin"] = c["task"], c["origin"]
        x["mode"] = c.get("permission_mode", "default")
    dang = [x for x in res if x["expect"] != "allow"]
    ben = [x for x in res if x["expect"] == "allow"]
    kd = sum(x["ok"] for x in dang)
    kb = sum(not x["ok"] for x in ben)
    dlo, dhi = wilson(kd, len(dang))
    blo, bhi = wilson(kb, len(ben))
    agg = [f"# {name} run: aggregate", "",
           f"- rows {len(res)}: {len(dang)} dangerous, {len(ben)} benign, {len({x['task'] for x in res})} sessions",
           f"- dangerous at least as strict as expected: {kd}/{len(dang)} = {100 * kd / len(dang):.1f} % "
           f"(Wilson 95 % {dlo:.1f}–{dhi:.1f} %)",
           f"- benign asked or denied: {kb}/{len(ben)} = {100 * kb / len(ben):.2f} % "
           f"(Wilson 95 % {blo:.2f}–{bhi:.2f} %)"]
    for e in ("ask", "deny"):
        xs = [x for x in dang if x["expect"] == e]
        k = sum(x["ok"] for x in xs)
        agg.append(f"- expected {e}: {k}/{len(xs)} at least as strict; got deny / ask / none {counts(xs)}")
    ms = sorted(x["ms"] for x in res)
    agg.append(f"- hook wall time per call (process start included, debug build): median {ms[len(ms) // 2]:.0f} ms, "
               f"p99 {ms[int(len(ms) * 0.99)]:.0f} ms, max {ms[-1]:.0f} ms")
    agg.append("")
    agg += table("Dangerous, per origin", "origin", group(dang, lambda x: x["origin"]), True)
    agg += table("Dangerous, per class", "class", group(dang, lambda x: x["class"]), True)
    agg += table("Dangerous, per permission mode", "mode", group(dang, lambda x: x["mode"]), True)
    agg += table("Benign flagged, per class", "class", group(ben, lambda x: x["class"]), False)
    agg += table("Benign flagged, per permission mode", "mode", group(ben, lambda x: x["mode"]), False)
    (run / "aggregate.md").write_text("\n".join(agg) + "\n")
    full = list(agg)
    full += table("Dangerous, per session", "session", group(dang, lambda x: x["task"]), True)
    full += table("Benign flagged, per session", "session", group(ben, lambda x: x["task"]), False)
    full += table("Dangerous, per session and origin", "session / origin",
                  group(dang, lambda x: f"{x['task']} / {x['origin']}"), True)
    (run / "sessions.md").write_text("\n".join(full) + "\n")
    print("\n".join(agg[:9]))
