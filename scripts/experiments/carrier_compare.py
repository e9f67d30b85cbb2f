#!/usr/bin/env python3
"""Side-by-side figures of two or more LOSO runs (hookward-train loso --report/--scores), each at
its own calibrated threshold and at common thresholds: indirect macro over sources, memory
recall, benign flagged (rules or model; model alone), the weak sources, AMemGuard memory, and
recall / benign flagged per language. Holdout and authored families are left out, as in the
report. Used for the carrier-contrast experiment of issue 10 (BENCHMARKS.md).

    python3 scripts/experiments/carrier_compare.py DIR NAME [NAME…] [--at 0.65,0.7,0.75]

DIR holds NAME.json and NAME-scores.jsonl per run.
"""
import collections
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HOLD = set()
for line in open(os.path.join(HERE, '..', 'corpus', 'holdout.txt')):
    s = line.split('#')[0].strip()
    if s:
        HOLD.add(s)
WEAK = ['bipia', 'cyberseceval-ml', 'injecagent', 'mcp-injection-experiments', 'sep', 'wasp', 'xsafety']
LANGS = ['ja', 'zh', 'ru', 'de', 'fr', 'es', 'ar', 'it', 'ko']


def load(d, name):
    rep = json.load(open(os.path.join(d, name + '.json')))
    rows = [json.loads(l) for l in open(os.path.join(d, name + '-scores.jsonl'))]
    return rep, rows


def figs(rep, rows, t):
    a, b = rep['platt']
    srcs = [r['name'] for r in rep['indirect']]
    per = collections.defaultdict(lambda: [0, 0])
    per_m = collections.defaultdict(lambda: [0, 0])
    mem = collections.defaultdict(lambda: [0, 0])
    lang = collections.defaultdict(lambda: [0, 0, 0, 0])
    ben = [0, 0, 0]
    for r in rows:
        if r['family'] in HOLD or r['family'].startswith('authored') or r['logit'] is None:
            continue
        l = r['logit']
        s = 1 / (1 + math.exp(-(a * l + b))) if l == l else float('nan')
        m = s == s and s >= t
        f = r['rules'] or m
        if r['label'] == 'benign':
            ben[0] += f
            ben[1] += m
            ben[2] += 1
            lang[r['lang']][2] += f
            lang[r['lang']][3] += 1
        elif r['task'] == 'indirect':
            per[r['family']][0] += f
            per[r['family']][1] += 1
            per_m[r['family']][0] += m
            per_m[r['family']][1] += 1
        elif r['task'] == 'memory':
            mem[r['family']][0] += f
            mem[r['family']][1] += 1
        if r['label'] != 'benign' and r['task'] != 'jailbreak':
            lang[r['lang']][0] += f
            lang[r['lang']][1] += 1
    have = [s for s in srcs if per[s][1]]
    mac = 100 * sum(per[s][0] / per[s][1] for s in have) / len(have)
    mac_m = 100 * sum(per_m[s][0] / per_m[s][1] for s in have) / len(have)
    mf = sum(v[0] for v in mem.values())
    mn = sum(v[1] for v in mem.values())
    out = {
        'macro': f'{mac:.1f} %',
        'macro, model alone': f'{mac_m:.1f} %',
        'memory': f'{100 * mf / max(1, mn):.1f} % ({mf}/{mn})',
        'benign flagged': f'{100 * ben[0] / ben[2]:.2f} % ({ben[0]}/{ben[2]})',
        'benign, model alone': f'{100 * ben[1] / ben[2]:.2f} %',
    }
    for s in WEAK:
        if per[s][1]:
            out[s] = f'{100 * per[s][0] / per[s][1]:.1f} % (model {100 * per_m[s][0] / per_m[s][1]:.1f} %)'
    am = mem.get('amemguard-bench')
    if am:
        out['amemguard memory'] = f'{100 * am[0] / am[1]:.1f} %'
    for g in LANGS:
        v = lang[g]
        if v[1]:
            out['lang ' + g] = f'{100 * v[0] / v[1]:.1f} % / {100 * v[2] / max(1, v[3]):.2f} %'
    return out


def main():
    args = sys.argv[1:]
    at = [0.65, 0.70, 0.75]
    if '--at' in args:
        i = args.index('--at')
        at = [float(x) for x in args[i + 1].split(',')]
        del args[i:i + 2]
    d, names = args[0], args[1:]
    runs = {n: load(d, n) for n in names}
    cols = []
    for n in names:
        rep, rows = runs[n]
        cols.append((f'{n} @own {rep["threshold"]:.2f}', figs(rep, rows, rep['threshold'] - 1e-6)))
    for t in at:
        for n in names:
            rep, rows = runs[n]
            cols.append((f'{n} @{t:.2f}', figs(rep, rows, t - 1e-6)))
    keys = list(cols[0][1].keys())
    print('| | ' + ' | '.join(c[0] for c in cols) + ' |')
    print('| --- ' * (len(cols) + 1) + '|')
    for k in keys:
        print(f'| {k} | ' + ' | '.join(c[1].get(k, '') for c in cols) + ' |')


main()
