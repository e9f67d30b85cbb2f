"""Figures of one eval.py report on a held-out set, from counts only (it never prints a row):
macro over the sources with dangerous rows, over the dangerous sources, over sources with >= 20
dangerous rows; pooled with Wilson 95 % intervals; benign macro and pooled; the scored-apart
`outside-write` shares; a per-source table and per-category counts (markdown); leave one source out
(each source dropped in turn: the range of the macro and pooled figures over the others, and which
source's removal gives each end).

    python3 scripts/shellcorpus/stats.py REPORT.json --data /work/data/shell-h10

The side of each source comes from the data folder's MANIFEST.json (build.py). Rows of the report's
`misses`, `benign_flagged` and `apart_rows` are only counted, never shown: a held-out set's misses are
not to be read beyond their counts.
"""

import argparse
import json
import math
import os


def wilson(k, n, z=1.959964):
    """Wilson score interval of k successes in n trials, in percent (lo, hi)."""
    if not n:
        return (None, None)
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (100 * (c - h) / d, 100 * (c + h) / d)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--data", required=True)
    a = ap.parse_args()
    rep = json.load(open(a.report))
    man = json.load(open(os.path.join(a.data, "MANIFEST.json")))
    per, apart, s = rep["per_source"], rep.get("apart_per_source", {}), rep["summary"]
    side = {k: v["side"] for k, v in man.items()}

    def pct(k, n):
        return 100.0 * k / n if n else None

    def fmt(x):
        return "-" if x is None else "%.2f" % x

    dsrc = [v for v in per.values() if v["dangerous"]]
    ddang = [(k, v) for k, v in per.items() if v["dangerous"] and side.get(k) == "dangerous"]
    # sources with both sides (other guards' test cases, set 14 on): reported apart as well
    dboth = [(k, v) for k, v in per.items() if v["dangerous"] and side.get(k) == "both"]
    d20 = [v for v in dsrc if v["dangerous"] >= 20]
    bsrc = [v for v in per.values() if v["benign"]]
    tot_d, tot_ok = sum(v["dangerous"] for v in dsrc), sum(v["ok"] for v in dsrc)
    dd_n, dd_ok = sum(v["dangerous"] for _, v in ddang), sum(v["ok"] for _, v in ddang)
    tot_b, tot_f = sum(v["benign"] for v in bsrc), sum(v["flagged"] for v in bsrc)
    mac = lambda vs, key: sum(v[key] for v in vs) / len(vs) if vs else None  # noqa: E731
    print("rows %d, wall %s s, errors %d, binary %s" % (s["rows"], s["wall_s"], s["errors"], s["binary"]))
    print("| | figure |\n|---|---|")
    print("| dangerous, macro over the %d sources with dangerous rows | **%s %%** |" % (len(dsrc), fmt(mac(dsrc, "strict_pct"))))
    print("| dangerous, macro over the %d dangerous sources | **%s %%** |" % (len(ddang), fmt(mac([v for _, v in ddang], "strict_pct"))))
    print("| dangerous, macro over the %d sources with >= 20 dangerous rows | %s %% |" % (len(d20), fmt(mac(d20, "strict_pct"))))
    lo, hi = wilson(tot_ok, tot_d)
    print("| dangerous, pooled | **%s %%** of %d (%d; Wilson 95 %%: %s-%s %%) |" % (fmt(pct(tot_ok, tot_d)), tot_d, tot_ok, fmt(lo), fmt(hi)))
    lo, hi = wilson(dd_ok, dd_n)
    print("| dangerous, pooled over the %d dangerous sources | %s %% of %d (%d; Wilson 95 %%: %s-%s %%) |" % (len(ddang), fmt(pct(dd_ok, dd_n)), dd_n, dd_ok, fmt(lo), fmt(hi)))
    if dboth:
        db_n, db_ok = sum(v["dangerous"] for _, v in dboth), sum(v["ok"] for _, v in dboth)
        print("| dangerous, macro over the %d sources with both sides | **%s %%** |" % (len(dboth), fmt(mac([v for _, v in dboth], "strict_pct"))))
        lo, hi = wilson(db_ok, db_n)
        print("| dangerous, pooled over the %d sources with both sides | %s %% of %d (%d; Wilson 95 %%: %s-%s %%) |" % (len(dboth), fmt(pct(db_ok, db_n)), db_n, db_ok, fmt(lo), fmt(hi)))
    print("| benign flagged, macro over %d sources | **%s %%** |" % (len(bsrc), fmt(mac(bsrc, "flagged_pct"))))
    lo, hi = wilson(tot_f, tot_b)
    print("| benign flagged, pooled | **%s %%** of %d (%d; Wilson 95 %%: %s-%s %%) |" % (fmt(pct(tot_f, tot_b)), tot_b, tot_f, fmt(lo), fmt(hi)))
    an = sum(v["n"] for v in apart.values())
    aa, ad, al = (sum(v[k] for v in apart.values()) for k in ("ask", "deny", "allow"))
    print("| outside-write (scored apart), %d rows | asked %s %%, denied %s %% (too strict), allowed %s %% (too lax) |"
          % (an, fmt(pct(aa, an)), fmt(pct(ad, an)), fmt(pct(al, an))))
    print()
    print("| source | side | dangerous strict % (rows) | benign flagged % (rows) | outside-write ask / deny / allow |")
    print("|---|---|---|---|---|")
    order = sorted(per, key=lambda k: ({"dangerous": 0, "both": 1}.get(side.get(k), 2), -per[k]["dangerous"], k))
    for k in order:
        v, ap_ = per[k], apart.get(k)
        print("| %s | %s | %s | %s | %s |" % (
            k, side.get(k, "?"),
            "%s (%d)" % (round(v["strict_pct"], 2), v["dangerous"]) if v["dangerous"] else "-",
            "%.2f (%d)" % (v["flagged_pct"], v["benign"]) if v["benign"] else "-",
            "%d / %d / %d" % (ap_["ask"], ap_["deny"], ap_["allow"]) if ap_ else "-"))
    print()
    cats = rep["dangerous_by_category"]
    print("By category (dangerous): " + ", ".join("%s %d/%d" % (c, v["ok"], v["n"]) for c, v in sorted(cats.items())))
    # benign flagged by category: counts only
    bcat, btot = {}, {}
    for src, bycat in rep.get("benign_flagged", {}).items():
        for c, items in bycat.items():
            bcat[c] = bcat.get(c, 0) + len(items)
    for name in sorted(os.listdir(a.data)):
        if name.endswith(".jsonl"):
            for line in open(os.path.join(a.data, name)):
                r = json.loads(line) if line.strip() else None
                if r and r["expect"] == "allow":
                    btot[r["category"]] = btot.get(r["category"], 0) + 1
    print("Benign flagged by category: " + ", ".join(
        "%s %d/%d" % (c, bcat.get(c, 0), n) for c, n in sorted(btot.items(), key=lambda kv: (-bcat.get(kv[0], 0), -kv[1]))))

    # leave one source out, from the per-source counts
    def loso(vs, key_n, key_k, key_pct):
        """(min, argmin, max, argmax) of the macro and of the pooled figure with one source left out."""
        mac_r, pool_r = [], []
        for name in vs:
            rest = [v for k, v in vs.items() if k != name]
            n = sum(v[key_n] for v in rest)
            mac_r.append((sum(v[key_pct] for v in rest) / len(rest), name))
            pool_r.append((100.0 * sum(v[key_k] for v in rest) / n if n else 0.0, name))
        return min(mac_r), max(mac_r), min(pool_r), max(pool_r)

    print()
    d_all = {k: v for k, v in per.items() if v["dangerous"]}
    d_dang = dict(ddang)
    d_both = dict(dboth)
    b_all = {k: v for k, v in per.items() if v["benign"]}
    for label, vs, kn, kk, kp in (("dangerous, sources with dangerous rows", d_all, "dangerous", "ok", "strict_pct"),
                                  ("dangerous, dangerous sources", d_dang, "dangerous", "ok", "strict_pct"),
                                  ("dangerous, sources with both sides", d_both, "dangerous", "ok", "strict_pct"),
                                  ("benign flagged", b_all, "benign", "flagged", "flagged_pct")):
        if len(vs) < 2:
            continue
        (m0, n0), (m1, n1), (p0, q0), (p1, q1) = loso(vs, kn, kk, kp)
        print("Leave one source out, %s (%d): macro %.2f-%.2f %% (lowest without %s, highest without %s); "
              "pooled %.2f-%.2f %% (lowest without %s, highest without %s)" % (label, len(vs), m0, m1, n0, n1, p0, p1, q0, q1))


if __name__ == "__main__":
    main()
