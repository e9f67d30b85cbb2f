#!/usr/bin/env python3
"""Ranking quality of the learned stage alone, per source, for LOSO runs: ROC AUC of the
out-of-fold logit, the injections of one source (indirect or memory task) against every benign
text of the non-holdout, non-authored families (0.5 = chance). Independent of any threshold.
Also the holdout families' figures at each run's own threshold (from the report).

    python3 scripts/experiments/auc_by_source.py DIR NAME [NAME…]

DIR holds NAME.json (hookward-train --report) and NAME-scores.jsonl (--scores) per run.
"""
import collections
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HOLD = set()
for line in open(os.path.join(HERE, '..', 'corpus', 'holdout.txt')):
    s = line.split('#')[0].strip()
    if s:
        HOLD.add(s)


def auc(pos, neg):
    """Mann-Whitney U / (|pos|·|neg|), ties counted half."""
    if not pos or not neg:
        return float('nan')
    allv = sorted([(v, 1) for v in pos] + [(v, 0) for v in neg])
    rank_sum = 0.0
    i = 0
    while i < len(allv):
        j = i
        while j < len(allv) and allv[j][0] == allv[i][0]:
            j += 1
        r = (i + 1 + j) / 2  # mean 1-based rank of the tie block
        rank_sum += r * sum(1 for k in range(i, j) if allv[k][1])
        i = j
    n1, n0 = len(pos), len(neg)
    return (rank_sum - n1 * (n1 + 1) / 2) / (n1 * n0)


def load(d, name):
    rep = json.load(open(os.path.join(d, name + '.json')))
    rows = [json.loads(l) for l in open(os.path.join(d, name + '-scores.jsonl'))]
    return rep, rows


def main():
    d, names = sys.argv[1], sys.argv[2:]
    res = {}
    keys = []
    for n in names:
        rep, rows = load(d, n)
        neg = []
        pos = collections.defaultdict(list)
        for r in rows:
            f = r['family']
            if f in HOLD or f.startswith('authored') or r['logit'] is None or r['logit'] != r['logit']:
                continue
            if r['label'] == 'benign':
                neg.append(r['logit'])
            elif r['task'] in ('indirect', 'memory'):
                pos[f'{f} ({r["task"]})'].append(r['logit'])
                pos['all indirect + memory'].append(r['logit'])
        res[n] = {k: (auc(v, neg), len(v)) for k, v in pos.items()}
        for k in sorted(pos, key=lambda k: -len(pos[k])):
            if k not in keys:
                keys.append(k)
        res[n]['_hold'] = rep.get('holdout_rows', [])
    print('| source (n) | ' + ' | '.join(names) + ' |')
    print('| --- |' + ' --- |' * len(names))
    for k in keys:
        n = next((res[x][k][1] for x in names if k in res[x]), 0)
        cells = [f'{res[x][k][0]:.3f}' if k in res[x] else '' for x in names]
        print(f'| {k} ({n}) | ' + ' | '.join(cells) + ' |')
    print()
    print('| holdout family | ' + ' | '.join(f'{x}: flagged / benign flagged' for x in names) + ' |')
    print('| --- |' + ' --- |' * len(names))
    fams = [r['name'] for r in res[names[0]]['_hold']]
    for f in fams:
        cells = []
        for x in names:
            r = next((r for r in res[x]['_hold'] if r['name'] == f), None)
            if r is None:
                cells.append('')
                continue
            cells.append(
                f"{r['recall']['flagged']}/{r['recall']['n']} (model {r['recall_model']['flagged']}) / "
                f"{r['benign_flagged']['percent']:.2f} % of {r['benign_flagged']['n']} (model {r['benign_flagged_model']['percent']:.2f} %)"
            )
        print(f'| {f} | ' + ' | '.join(cells) + ' |')


if __name__ == '__main__':
    main()
