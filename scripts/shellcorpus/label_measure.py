"""How many labels of the built sets a labeller switch would move (held-out set 12's `VOLUME_TOOLS`,
set 13's `SHELL_WORDS`), counted on the rows as built, never written back (frozen sets keep their files):

    python3 scripts/shellcorpus/label_measure.py main=/work/data/shell h2=/work/data/shell-h2 … h11=/work/data/shell-h11
    python3 scripts/shellcorpus/label_measure.py --switch SHELL_WORDS main=/work/data/shell … h12=/work/data/shell-h12

Each row's command is labelled with the switch off and on, every other switch as that set was built
(`OUTSIDE_WRITE` on from set 5, `VOLUME_TOOLS` on for set 12 when it is not the switch measured), and the
changes are counted per set, as `old -> new` pairs and per source; `--show` prints the changed commands
(only for spent sets: every set this is run on is one whose rows were read before).
"""

import argparse
import json
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _label  # noqa: E402


def _lab(cmd, switch, on, built):
    _label.OUTSIDE_WRITE = built["OUTSIDE_WRITE"]
    _label.VOLUME_TOOLS = built["VOLUME_TOOLS"]
    _label.SHELL_WORDS = False
    setattr(_label, switch, on)
    lab = _label.label(cmd)
    return "%s %s" % lab if lab else "allow"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sets", nargs="+", help="NAME=DIR")
    ap.add_argument("--switch", default="VOLUME_TOOLS", choices=("VOLUME_TOOLS", "SHELL_WORDS"))
    ap.add_argument("--show", action="store_true")
    a = ap.parse_args()
    total, total_cat = Counter(), Counter()
    for spec in a.sets:
        name, d = spec.split("=", 1)
        built = {"OUTSIDE_WRITE": name not in ("main", "h2", "h3", "h4"), "VOLUME_TOOLS": name in ("h12", "h13")}
        moves, per_src, n = Counter(), Counter(), 0
        for f in sorted(os.listdir(d)):
            if not f.endswith(".jsonl"):
                continue
            for line in open(os.path.join(d, f)):
                r = json.loads(line)
                if "command" not in r:
                    continue
                n += 1
                before = "%s %s" % (r["expect"], r["category"]) if r["expect"] != "allow" else "allow"
                old, new = _lab(r["command"], a.switch, False, built), _lab(r["command"], a.switch, True, built)
                if old != new:
                    moves["%s -> %s" % (old, new)] += 1
                    per_src[r["source"]] += 1
                    if a.show:
                        print("  %s | %s | %s -> %s | %s" % (name, r["source"], before, new, r["command"][:160]))
        total.update(moves)
        print("%-5s %6d command rows, %3d labels move: %s; by source: %s" % (
            name, n, sum(moves.values()), dict(moves), dict(per_src)))
    print("all sets: %d labels move: %s" % (sum(total.values()), dict(total)))


if __name__ == "__main__":
    main()
