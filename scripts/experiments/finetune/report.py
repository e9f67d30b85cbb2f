# Report for ft.py: the fine-tuned encoder's out-of-fold scores against the product of record on
# the SAME sampled texts.  Record = rules flag + the shipped hashed model's LOSO logit from
# `hookward-train loso --scores` (calibrated p = sigmoid(a * logit + b), Platt a, b and the
# threshold 0.70 from its --report JSON).  Our threshold per fold k: the smallest logit that
# flags <= 0.5 % of the out-of-fold benign texts of the OTHER folds (model alone); never tuned
# on the fold it flags.  "Equal benign" sweeps one offset over all folds until (rules OR ours)
# flags no more benign texts than (rules OR record model) does on the same texts.
# Usage: report.py SCORES.jsonl RECORD_SCORES.jsonl RECORD.json [HOLDOUT.jsonl]
import sys, json, math, collections
import numpy as np

MACRO12 = ['agent-injection-bench', 'agent-probe-ai', 'agentprobe-injection', 'bipia', 'cyberseceval-ml', 'garak',
           'injecagent', 'mcp-injection-experiments', 'purplellama', 'sep', 'wasp', 'xsafety']
LANGS = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'zh', 'ja', 'ko', 'ar']
TARGET = 0.005

ours = [json.loads(l) for l in open(sys.argv[1])]
rec = {}
for l in open(sys.argv[2]):
    r = json.loads(l); rec[r['id']] = r
meta = json.load(open(sys.argv[3])); a, b = meta['platt']; thr_rec = meta['threshold']


def rec_model(r):
    return r['logit'] is not None and 1 / (1 + math.exp(-(a * r['logit'] + b))) >= thr_rec


K = max(r['fold'] for r in ours) + 1
lg = np.array([r['logit'] for r in ours]); fold = np.array([r['fold'] for r in ours])
inj = np.array([r['label'] == 'injection' for r in ours])
thr = []
for k in range(K):
    bn = np.sort(lg[(fold != k) & ~inj])[::-1]
    if len(bn) == 0:  # a single finished fold: its own benign texts (optimistic, said in the output)
        print(f'WARNING: fold {k} threshold from its own benign texts (no other fold scored)')
        bn = np.sort(lg[(fold == k) & ~inj])[::-1]
    m = int(math.floor(TARGET * len(bn)))  # at most m benign texts at or above the threshold
    thr.append(float(np.nextafter(bn[m], np.inf)) if m < len(bn) else float(bn[-1]))
margin = lg - np.array([thr[k] for k in fold])  # >= 0: flagged by the fold-calibrated threshold
inrec = np.array([r['id'] in rec for r in ours])
rules = np.array([bool(rec[r['id']]['rules']) if r['id'] in rec else False for r in ours])
recm = np.array([rec_model(rec[r['id']]) if r['id'] in rec else False for r in ours])
fam = np.array([r['family'] for r in ours]); task = np.array([r['task'] for r in ours]); lang = np.array([r['lang'] for r in ours])
print(f'fold thresholds (logit, <= {TARGET*100:.1f} % of other folds\' benign): ' + ', '.join(f'{t:.3f}' for t in thr))
print(f'texts scored {len(ours)}, of which in the record {inrec.sum()} (benign {(inrec & ~inj).sum()}, injections {(inrec & inj).sum()})')


def summary(F, mask=inrec):
    rs = [F[mask & inj & (task == 'indirect') & (fam == f)].mean() * 100 for f in MACRO12 if (mask & inj & (task == 'indirect') & (fam == f)).any()]
    mm = mask & inj & (task == 'memory')
    ben = mask & ~inj
    lr = {}
    for l in LANGS:
        x = mask & inj & (task != 'jailbreak') & (lang == l)
        lr[l] = (F[x].mean() * 100 if x.any() else float('nan'), int(x.sum()))
    return np.mean(rs), len(rs), F[mm].mean() * 100, int(mm.sum()), F[ben].mean() * 100, int(F[ben].sum()), int(ben.sum()), lr


def row(name, F):
    mac, ns, mem, nm, bf, nbf, nb, lr = summary(F)
    print(f'| {name} | {mac:.1f} % ({ns}) | {mem:.1f} % (n={nm}) | {bf:.2f} % ({nbf}/{nb}) | ' + ' | '.join(f'{lr[l][0]:.0f}' for l in LANGS) + ' |')


ourF = margin >= 0
print('\n| on the sampled texts present in the record | indirect macro (sources) | memory | benign flagged | ' + ' | '.join(LANGS) + ' |')
print('| --- | --- | --- | --- | ' + ' | '.join('---' for _ in LANGS) + ' |')
row('record: rules alone', rules)
row('record: hashed model alone (0.70)', recm)
row('record: rules OR hashed model', rules | recm)
row('fine-tuned e5 alone (fold threshold)', ourF)
row('rules OR fine-tuned e5 (fold threshold)', rules | ourF)
row('rules OR hashed OR fine-tuned e5', rules | recm | ourF)
# equal benign flagged with the record's combined figure, one offset over all folds
target_n = int((rules | recm)[inrec & ~inj].sum())
offs = np.sort(np.unique(margin[inrec & ~inj]))[::-1]
best = None
for o in np.concatenate([[np.inf], offs]):
    F = rules | (margin >= o)
    if F[inrec & ~inj].sum() <= target_n: best = o
    else: break
F = rules | (margin >= best)
row(f'rules OR fine-tuned e5, offset {best:+.2f} (equal benign)', F)
eqF = margin >= best
row(f'fine-tuned e5 alone at that offset', eqF)
print(f'(langs: n = ' + ', '.join(f'{l} {summary(ourF)[7][l][1]}' for l in LANGS) + ')')

def auc(sc, y):
    r = sc.argsort().argsort() + 1.0; n1 = y.sum(); n0 = len(y) - n1
    return (r[y].sum() - n1 * (n1 + 1) / 2) / max(1, n1 * n0)


rl = np.array([rec[r['id']]['logit'] if r['id'] in rec and rec[r['id']]['logit'] is not None else np.nan for r in ours])
ok = inrec & ~np.isnan(rl)
print(f'\nRanking (ROC AUC, injections vs all benign of the same texts; 0.5 = chance): all sources e5 {auc(lg[ok], inj[ok]):.3f}, record model {auc(rl[ok], inj[ok]):.3f}')
for f in MACRO12:
    x = ok & ((fam == f) & inj & (task == 'indirect') | ~inj)
    if (x & inj).any(): print(f'  {f}: e5 {auc(lg[x], inj[x]):.3f}, record model {auc(rl[x], inj[x]):.3f}')

print('\nPer family (all scored families; record columns only where the record scored the text):')
print('| family | fold | task | injections | e5 alone | rules OR e5 | record model | rules OR record | benign | e5 benign flagged | record benign flagged (rules OR model) |')
print('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |')
for f in sorted(set(fam)):
    k = fold[fam == f][0]
    tasks = sorted(set(task[(fam == f) & inj])) or ['benign']
    for t in tasks:
        x = (fam == f) & inj & (task == t); bmask = (fam == f) & ~inj
        cells = [f'{f}', str(k), t, str(x.sum())]
        if x.any():
            cells += [f'{ourF[x].mean()*100:.1f} %', f'{(rules | ourF)[x].mean()*100:.1f} %']
            cells += [f'{recm[x].mean()*100:.1f} %', f'{(rules | recm)[x].mean()*100:.1f} %'] if inrec[x].all() else ['–', '–']
        else:
            cells += ['', '', '', '']
        if t == tasks[0] and bmask.any():
            cells += [str(bmask.sum()), f'{ourF[bmask].mean()*100:.2f} %', f'{(rules | recm)[bmask].mean()*100:.2f} %' if inrec[bmask].all() else '–']
        else:
            cells += ['', '', '']
        print('| ' + ' | '.join(cells) + ' |')

if len(sys.argv) > 4:
    hold = [json.loads(l) for l in open(sys.argv[4])]
    print('\nHoldout families (one final scoring; text flagged when the mean over the three fold models of logit minus that fold\'s threshold is >= 0):')
    print('| family | label | n | e5 alone | rules OR e5 | record model | rules OR record |')
    print('| --- | --- | --- | --- | --- | --- | --- |')
    g = collections.defaultdict(list)
    for r in hold:
        m = float(np.mean([v - thr[k] for k, v in enumerate(r['logits'])]))
        rr = rec.get(r['id'])
        g[(r['family'], r['label'])].append((m >= 0, bool(rr and rr['rules']), bool(rr and rec_model(rr))))
    for (f, l), v in sorted(g.items()):
        v = np.array(v)
        print(f'| {f} | {l} | {len(v)} | {v[:,0].mean()*100:.2f} % | {(v[:,0]|v[:,1]).mean()*100:.2f} % | {v[:,2].mean()*100:.2f} % | {(v[:,2]|v[:,1]).mean()*100:.2f} % |')
