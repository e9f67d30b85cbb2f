"""The `--relabel-outside-write` view of an eval.py report already written, without running hookward
again: the corpus' allow rows that set 5's `outside-write` rule labels are taken out of the benign
figures (their flags too) and counted apart, as `eval.py --relabel-outside-write` would.

    python3 scripts/shellcorpus/relabel_view.py --data /work/data/shell-h3 --report /work/data/shell-h3-eval.json

Only valid for a report run with `--max-allow-per-source 0` (every row): the benign denominators are
recounted from the data. The dangerous figures do not change (only allow rows move).
"""

import argparse
import json
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _label  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--report", required=True)
    a = ap.parse_args()
    _label.OUTSIDE_WRITE = True
    rep = json.load(open(a.report))
    if rep["summary"].get("max_allow_per_source") not in (0, None):
        sys.exit("the report must cover every row (--max-allow-per-source 0)")
    moved = defaultdict(set)
    benign = defaultdict(int)
    for name in sorted(os.listdir(a.data)):
        if not name.endswith(".jsonl"):
            continue
        for line in open(os.path.join(a.data, name)):
            r = json.loads(line)
            if r["expect"] != "allow":
                continue
            if "command" in r and _label.label(r["command"]) == ("ask", "outside-write"):
                moved[r["source"]].add(r["id"])
            else:
                benign[r["source"]] += 1
    flagged = defaultdict(int)
    apart = defaultdict(lambda: defaultdict(int))
    for src, cats in rep["benign_flagged"].items():
        for items in cats.values():
            for i in items:
                if i["id"] in moved[src]:
                    apart[src][i["got"]] += 1
                else:
                    flagged[src] += 1
    pct = [100.0 * flagged[s] / n for s, n in benign.items() if n]
    n_moved = sum(len(v) for v in moved.values())
    n_ask = sum(v.get("ask", 0) for v in apart.values())
    n_deny = sum(v.get("deny", 0) for v in apart.values())
    tb, tf = sum(benign.values()), sum(flagged.values())
    print("relabel view of %s: %d allow rows are outside-write (asked %d, denied %d, allowed %d)"
          % (a.report, n_moved, n_ask, n_deny, n_moved - n_ask - n_deny))
    print("benign flagged: macro %.2f %% over %d sources; pooled %.2f %% of %d"
          % (sum(pct) / len(pct), len(pct), 100.0 * tf / tb, tb))


if __name__ == "__main__":
    main()
