#!/usr/bin/env python3
"""Scores `hookward kb scan` and `hookward kb trace` on a benchmark built by build_bench.py.

    scripts/kb/measure.py BENCH [--bin target/release/hookward] [--jobs 2] [--skip-trace]

A planted set counts as found when some cluster holds at least 3 of its documents and they
are the majority of that cluster's files. A clean document counts as falsely clustered when it
is a file of any reported cluster. Trace: for each target its answer is traced and the first
ranked chunk must come from one of that target's planted documents.
"""
import argparse
import json
import os
import subprocess
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bench")
    ap.add_argument("--bin", default="target/release/hookward")
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--save-json", help="also write the scan's JSON report here")
    ap.add_argument("--skip-trace", action="store_true",
                    help="score the scan only (kb trace re-reads the corpus per target: slow on a loaded machine)")
    a = ap.parse_args()
    man = json.load(open(os.path.join(a.bench, "manifest.json")))
    t0 = time.time()
    out = subprocess.run([a.bin, "kb", "scan", a.bench, "--format", "json", "--fail-on", "none", "--jobs", a.jobs],
                         check=True, capture_output=True, text=True).stdout
    secs = time.time() - t0
    rep = json.loads(out)
    if a.save_json:
        with open(a.save_json, "w") as f:
            f.write(out)
    rel = lambda p: os.path.relpath(p, a.bench)
    clusters = [sorted({rel(f) for f in c["files"]}) for c in rep["clusters"]]
    found = 0
    for t in man["targets"]:
        mine = set(t["files"])
        if any(len(mine & set(c)) >= 3 and 2 * len(mine & set(c)) > len(c) for c in clusters):
            found += 1
        else:
            print(f"missed: {t['subject']} ({len(mine)} documents)")
    clean = set(man["clean"])
    clustered_clean = sorted({f for c in clusters for f in c if f in clean})
    for f in clustered_clean:
        print(f"clean document in a cluster: {f}")
    traced = 0
    for t in ([] if a.skip_trace else man["targets"]):
        tr = json.loads(subprocess.run([a.bin, "kb", "trace", "--answer", t["answer"], a.bench, "--top", "1", "--json"],
                                       check=True, capture_output=True, text=True).stdout)
        first = rel(tr["items"][0]["at"]["path"]) if tr["items"] else None
        if first in set(t["files"]):
            traced += 1
        else:
            print(f"trace of {t['subject']!r} ranked first: {first}")
    n_t = len(man["targets"])
    print(json.dumps({
        "documents": rep["documents"], "chunks": rep["chunks"], "clean_documents": len(clean),
        "planted_documents": sum(len(t["files"]) for t in man["targets"]), "targets": n_t,
        "clusters": len(clusters), "sets_found": found, "recall": round(found / n_t, 4),
        "clean_clustered": len(clustered_clean), "clean_clustered_share": round(len(clustered_clean) / max(1, len(clean)), 4),
        "trace_first_poisoned": None if a.skip_trace else traced,
        "trace_rate": None if a.skip_trace else round(traced / n_t, 4),
        "threshold": rep["threshold"], "scan_seconds": round(secs, 2),
    }, indent=1))


if __name__ == "__main__":
    main()
