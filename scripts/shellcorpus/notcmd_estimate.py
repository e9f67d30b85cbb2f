"""Set 10 (spent) recomputed without rows that are not shell commands, by one text filter applied to
every dangerous row (hit or miss alike). The filter was written after reading the merged binary's
misses, so it is a post-hoc estimate of label noise, not a figure of record.

Usage: python3 scripts/shellcorpus/notcmd_estimate.py REPORT.json DATA_DIR (eval.py's --out and its --data).
"""
import json, re, sys, glob, os
from collections import Counter, defaultdict
NOT_CMD = re.compile(r"DROP TABLE|=> 'DROP|^(-rw|[A-Z][a-z]{2} \d|[A-Z][a-z]{2} [A-Z][a-z]{2} \d|grep: |cat: |bash: line|ii  |Usage:|no crontab|ver 2\.0|path: |\w+ +\d+ +\d+\.\d|\d\d:\d\d +\d+|adduser\.|Running\.\.\.\.|This should|When interacting|<|x& |< /dev)")
rep = json.load(open(sys.argv[1]))
miss = set()
for s, v in rep['misses'].items():
    for c, l in v.items():
        for r in l: miss.add(r['id'])
tot = defaultdict(lambda: [0, 0]); dropped = Counter(); dropped_hit = 0
for f in sorted(glob.glob(os.path.join(sys.argv[2], '*.jsonl'))):
    for line in open(f):
        r = json.loads(line)
        if r['expect'] == 'allow' or r.get('category') == 'outside-write': continue
        cmd = r.get('command') or ''
        if NOT_CMD.search(cmd):
            dropped[r['source']] += 1; dropped_hit += r['id'] not in miss; continue
        t = tot[r['source']]; t[1] += 1; t[0] += r['id'] not in miss
ok = sum(a for a, b in tot.values()); n = sum(b for a, b in tot.values())
print("dropped as not commands: %d rows (%d of them decided right anyway)" % (sum(dropped.values()), dropped_hit))
print("pooled %.2f %% of %d (%d)" % (100 * ok / n, n, ok))
print("macro over %d sources %.2f %%" % (len(tot), sum(100 * a / b for a, b in tot.values()) / len(tot)))
