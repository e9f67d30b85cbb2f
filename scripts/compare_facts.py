#!/usr/bin/env python3
"""Compares two fact dumps of `hookward-shell`'s `dump_facts` example (one JSON line per
command: file, line, facts), for changes that must not change behaviour:

    BEFORE/dump_facts FILES… > before.jsonl
    AFTER/dump_facts FILES…  > after.jsonl
    python3 scripts/compare_facts.py before.jsonl after.jsonl

Prints the number of commands compared and every difference (file:line and the fact lists
that differ, at most 20 shown); exits 1 when any command's facts differ or the dumps do not
cover the same commands.
"""

import json
import sys


def main() -> int:
    before_path, after_path = sys.argv[1], sys.argv[2]
    with open(before_path, encoding="utf-8") as f:
        before = f.read().splitlines()
    with open(after_path, encoding="utf-8") as f:
        after = f.read().splitlines()
    if len(before) != len(after):
        print(f"different lengths: {len(before)} vs {len(after)} commands")
        return 1
    diffs = 0
    for b, a in zip(before, after):
        if b == a:
            continue
        diffs += 1
        if diffs > 20:
            continue
        rb, ra = json.loads(b), json.loads(a)
        where = f"{rb.get('file')}:{rb.get('line')}"
        keys = sorted(set(rb["facts"]) | set(ra["facts"]))
        changed = [k for k in keys if rb["facts"].get(k) != ra["facts"].get(k)]
        print(f"{where}: {', '.join(changed)}")
        for k in changed:
            print(f"  before {k}: {json.dumps(rb['facts'].get(k))[:400]}")
            print(f"  after  {k}: {json.dumps(ra['facts'].get(k))[:400]}")
    print(f"{len(before)} commands compared, {diffs} with different facts")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
