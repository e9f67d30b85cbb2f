#!/usr/bin/env python3
"""Macro recall / memory recall / benign flagged of a LOSO run at several thresholds, so two
runs can be compared on the same curve rather than at their own calibrated thresholds.

    python3 scripts/experiments/threshold_sweep.py DIR NAME [NAME…]

DIR holds NAME.json (hookward-train --report) and NAME-scores.jsonl (--scores) per run.
Holdout and authored families are left out, as in the report.
"""
import os
import json,sys,math,collections
hold=set(l.split('#')[0].strip() for l in open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'corpus', 'holdout.txt')) if l.split('#')[0].strip())
def load(name):
    rep=json.load(open(os.path.join(DIR, name + '.json'))); a,b=rep['platt']
    srcs=[r['name'] for r in rep['indirect']]
    rows=[json.loads(l) for l in open(os.path.join(DIR, name + '-scores.jsonl'))]
    return rows,a,b,srcs
def cal(l,a,b): return 1/(1+math.exp(-(a*l+b))) if l==l else float('nan')
def figs(name, ts):
    rows,a,b,srcs=load(name)
    for t in ts:
        per=collections.defaultdict(lambda:[0,0]); ben=[0,0]; benm=[0,0]; mem=[0,0]
        for r in rows:
            if r['family'] in hold or r['family'].startswith('authored') or r['logit'] is None: continue
            s=cal(r['logit'],a,b); m = s==s and s>=t; f = r['rules'] or m
            if r['label']=='benign':
                ben[0]+=f; ben[1]+=1; benm[0]+=m; benm[1]+=1
            elif r['task']=='indirect':
                per[r['family']][0]+=f; per[r['family']][1]+=1
            elif r['task']=='memory':
                mem[0]+=f; mem[1]+=1
        mac=sum(per[s][0]/per[s][1] for s in srcs if per[s][1])/len([s for s in srcs if per[s][1]])
        print(f"{name} t={t:.2f} macro={100*mac:.1f} mem={100*mem[0]/max(1,mem[1]):.1f} benign={100*ben[0]/ben[1]:.2f} model-benign={100*benm[0]/benm[1]:.2f}  "+" ".join(f"{s[:8]}={100*per[s][0]/per[s][1]:.0f}" for s in srcs if per[s][1]))
DIR = sys.argv[1]
for n in sys.argv[2:]:
    figs(n,[0.6,0.65,0.7,0.75,0.8,0.85])
