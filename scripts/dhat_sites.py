#!/usr/bin/env python3
"""Aggregates a valgrind DHAT profile (`valgrind --tool=dhat --dhat-out-file=F …`) by the first
stack frame inside a given crate: which of its functions allocate most blocks.

    python3 scripts/dhat_sites.py F [CRATE_PREFIX] [TOP]

CRATE_PREFIX defaults to `hookward_shell`; TOP (default 40) rows are printed, each with total
blocks, total bytes and the frame (function and file:line when the binary has line tables).
With `--depth N` the key is the first N frames inside the crate (a short call path).
"""

import collections
import json
import re
import sys

# A frame in the crate's own source (not an inlined std/alloc/hashbrown frame).
OURS = re.compile(r"\((?!library/|src/)[\w/]+\.rs:\d+\)$")


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    depth = 1
    if "--depth" in sys.argv:
        depth = int(sys.argv[sys.argv.index("--depth") + 1])
        args = [a for a in args if a != str(depth)]
    path = args[0]
    prefix = args[1] if len(args) > 1 else "hookward_shell"
    top = int(args[2]) if len(args) > 2 else 40
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    ftbl = d["ftbl"]
    blocks = collections.Counter()
    nbytes = collections.Counter()
    for pp in d["pps"]:
        frames = [ftbl[i] for i in pp["fs"]]
        mine = [fr for fr in frames if prefix in fr and OURS.search(fr)]
        key = " <- ".join(fr.split(": ", 1)[-1][:150] for fr in mine[:depth]) or "(outside)"
        blocks[key] += pp["tbk"]
        nbytes[key] += pp["tb"]
    total = sum(blocks.values())
    print(f"total blocks {total}")
    for key, n in blocks.most_common(top):
        print(f"{n:>9} {n / total:6.1%} {nbytes[key]:>11}  {key}")


if __name__ == "__main__":
    main()
