"""Draws the label-audit sample of a held-out set before any hookward run on it (as sets 8 and 9):
`random.seed(SEED)`, then 40 rows expecting ask/deny outside `outside-write`, 20 `outside-write`
rows and 40 `allow` rows, each drawn from every row of the set (sorted by source file, then file
order). Writes them to OUT as JSON for a reader to mark right / arguable / wrong / not a command.

    python3 scripts/shellcorpus/audit_sample.py --data /work/data/shell-h10 --seed 20261216 \
        --out /work/data/h10-audit-sample1.json
"""

import argparse
import json
import os
import random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--exclude", nargs="*", default=[],
                    help="sources left out of the draw (set 18's supplementary sample: one source's rows fill most of "
                         "the dangerous slice)")
    a = ap.parse_args()
    rows = []
    for name in sorted(os.listdir(a.data)):
        if name.endswith(".jsonl") and name[:-6] not in a.exclude:
            rows += [json.loads(l) for l in open(os.path.join(a.data, name)) if l.strip()]
    random.seed(a.seed)
    dang = [r for r in rows if r["expect"] != "allow" and r["category"] != "outside-write"]
    ow = [r for r in rows if r["category"] == "outside-write"]
    ben = [r for r in rows if r["expect"] == "allow"]
    sample = {"seed": a.seed, "dangerous": random.sample(dang, min(40, len(dang))),
              "outside_write": random.sample(ow, min(20, len(ow))), "benign": random.sample(ben, min(40, len(ben)))}
    with open(a.out, "w") as f:
        json.dump(sample, f, indent=1, ensure_ascii=False)
    print("%d dangerous, %d outside-write, %d benign -> %s" % tuple(
        [len(sample[k]) for k in ("dangerous", "outside_write", "benign")] + [a.out]))


if __name__ == "__main__":
    main()
