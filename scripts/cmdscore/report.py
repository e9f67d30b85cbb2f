#!/usr/bin/env python3
"""Leave-one-set-out figures of the learned command score at a few thresholds.

    python3 scripts/cmdscore/report.py target/cmdscore-oof.jsonl [--data /work/data] [--thresholds 0.9,0.95]

Reads the out-of-fold scores `train-cmdscore --scores` wrote (each row scored by a model trained
without its set) and the corpus rows (`target/cmdscore-corpus.jsonl`, for the labels), and prints
per fold and pooled: the share of everyday rows (labelled allow) at or above the threshold, and
the share of dangerous rows (labelled ask or deny) at or above it. This is the score alone; what
it adds to the rules' decisions needs the rules' own results (BENCHMARKS.md, session 28).
Variant rows (`~vN`) are left out of the figures.
"""
import argparse, collections, json


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('scores')
    ap.add_argument('--corpus', default='target/cmdscore-corpus.jsonl')
    ap.add_argument('--thresholds', default='0.9,0.95,0.97')
    a = ap.parse_args()
    label = {}
    for line in open(a.corpus, encoding='utf-8'):
        r = json.loads(line)
        label[r['id']] = r['risky']
    rows = [json.loads(l) for l in open(a.scores, encoding='utf-8')]
    rows = [r for r in rows if '~v' not in r['id']]
    for t in [float(x) for x in a.thresholds.split(',')]:
        per = collections.defaultdict(lambda: [0, 0, 0, 0])
        for r in rows:
            k = per[r['fold']]
            if label[r['id']]:
                k[2] += 1
                k[3] += r['score'] >= t
            else:
                k[0] += 1
                k[1] += r['score'] >= t
        tot = [sum(v[i] for v in per.values()) for i in range(4)]
        print(f"threshold {t}: everyday at or above {tot[1]}/{tot[0]} = {100*tot[1]/max(tot[0],1):.2f} %, "
              f"dangerous at or above {tot[3]}/{tot[2]} = {100*tot[3]/max(tot[2],1):.2f} %")
        for f, v in sorted(per.items()):
            print(f"  {f:16} everyday {v[1]:5}/{v[0]:6} ({100*v[1]/max(v[0],1):5.2f} %)  "
                  f"dangerous {v[3]:5}/{v[2]:5} ({100*v[3]/max(v[2],1):5.2f} %)")


if __name__ == '__main__':
    main()
