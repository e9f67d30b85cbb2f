# Figures for a packaged model's scores beside the record on the SAME texts.
# Record = rules verdict + the shipped hashed model's LOSO logit (Platt a, b and threshold 0.70
# from ctx-base.json) in /work/data/loso-record/ctx-base-scores.jsonl.
# The packaged model's threshold: the smallest value at which the model alone flags <= 0.5 % of
# the scored benign texts of the non-holdout families (the record's rule, on the exact score
# instead of a 0.05 grid: these models are uncalibrated and saturate near 1; none of these
# families is named in the packages' training data). Holdout families
# (scripts/corpus/holdout.txt) are reported apart and not used for the threshold.
# Usage: report.py SCORES.jsonl FIELD [--exclude fam1,fam2] [--check-record]
import json, math, sys, collections
import numpy as np

REC = '/work/data/loso-record/ctx-base-scores.jsonl'
META = '/work/data/loso-record/ctx-base.json'
MACRO12 = ['agent-injection-bench', 'agent-probe-ai', 'agentprobe-injection', 'bipia', 'cyberseceval-ml', 'garak',
           'injecagent', 'mcp-injection-experiments', 'purplellama', 'sep', 'wasp', 'xsafety']
LANGS = ['en', 'ja', 'zh', 'ru', 'de', 'fr', 'es', 'ar', 'it', 'pt', 'ko', 'hi']
HOLD = {'agentscanner', 'skillscan', 'ai-skill-audit', 'agentsec-scanner', 'skill-scanner-pypi', 'agentseal',
        'agent-files-github'}

args = sys.argv[1:]
exclude = set()
if '--exclude' in args:
    exclude = set(args[args.index('--exclude') + 1].split(','))
meta = json.load(open(META)); A, B = meta['platt']; T = meta['threshold']
rec = {}
for l in open(REC):
    r = json.loads(l)
    if not r['family'].startswith('authored-'):
        rec[r['id']] = r


def recm(r):
    return r['logit'] is not None and 1 / (1 + math.exp(-(A * r['logit'] + B))) >= T


if '--check-record' in args:  # reproduce the record's own headline on all its texts
    rows = [r for r in rec.values() if r['family'] not in HOLD]
    F = {r['id']: bool(r['rules']) or recm(r) for r in rows}
    mac = np.mean([np.mean([F[r['id']] for r in rows if r['family'] == f and r['label'] == 'injection'
                            and r['task'] == 'indirect']) for f in MACRO12])
    mem = [F[r['id']] for r in rows if r['label'] == 'injection' and r['task'] == 'memory']
    ben = [F[r['id']] for r in rows if r['label'] == 'benign']
    print(f'record check: macro {mac*100:.1f} %, memory {np.mean(mem)*100:.1f} % ({sum(mem)}/{len(mem)}), '
          f'benign {np.mean(ben)*100:.2f} % ({sum(ben)}/{len(ben)})')
    sys.exit()

path, field = args[0], args[1]
ours = [json.loads(l) for l in open(path)]
ours = [o for o in ours if o['id'] in rec and o['family'] not in exclude]
s = np.array([o[field] for o in ours])
fam = np.array([o['family'] for o in ours]); lab = np.array([o['label'] for o in ours])
task = np.array([o['task'] for o in ours]); lang = np.array([o['lang'] for o in ours])
inj = lab == 'injection'; hold = np.isin(fam, list(HOLD))
rules = np.array([bool(rec[o['id']]['rules']) for o in ours])
rm = np.array([recm(rec[o['id']]) for o in ours])
rlog = np.array([rec[o['id']]['logit'] if rec[o['id']]['logit'] is not None else -99 for o in ours])
ben = ~inj & ~hold
bn = np.sort(s[ben])[::-1]
m = int(math.floor(0.005 * len(bn)))  # at most m benign texts at or above the threshold
thr = float(np.nextafter(bn[m], np.inf)) if m < len(bn) else float(bn[-1])
M = s >= thr
print(f'{path} [{field}]: {len(ours)} texts ({inj.sum()} injections, {ben.sum()} benign non-holdout); '
      f'threshold {thr:.9g} (model alone flags {(M & ben).sum()} of {ben.sum()} benign)')
if exclude:
    print('families left out (named in the model\'s training data): ' + ', '.join(sorted(exclude)))


def auc(pos, neg):
    if len(pos) == 0 or len(neg) == 0:
        return float('nan')
    allv = np.concatenate([pos, neg]); order = allv.argsort(kind='mergesort')
    ranks = np.empty(len(allv)); ranks[order] = np.arange(1, len(allv) + 1)
    # average ranks for ties
    _, inv, cnt = np.unique(allv, return_inverse=True, return_counts=True)
    sums = np.bincount(inv, weights=ranks); ranks = (sums / cnt)[inv]
    return (ranks[:len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg))


cols = [('rules alone', rules), ('hashed alone', rm), ('record: rules OR hashed', rules | rm), ('model alone', M), ('rules OR model', rules | M),
        ('rules OR hashed OR model', rules | rm | M)]
print('\n| source (indirect) | n | ' + ' | '.join(c for c, _ in cols) + ' | AUC model | AUC hashed |')
print('| --- | --- | ' + ' | '.join('---' for _ in cols) + ' | --- | --- |')
macro = collections.defaultdict(list)
for f in MACRO12:
    x = inj & (task == 'indirect') & (fam == f) & ~hold
    if not x.any() or f in exclude:
        continue
    for c, F in cols:
        macro[c].append(F[x].mean() * 100)
    print(f'| {f} | {x.sum()} | ' + ' | '.join(f'{F[x].mean()*100:.1f} %' for _, F in cols)
          + f' | {auc(s[x], s[ben]):.3f} | {auc(rlog[x], rlog[ben]):.3f} |')
nm = len(macro[cols[0][0]])
print(f'| **macro ({nm} sources)** | | ' + ' | '.join(f'**{np.mean(macro[c]):.1f} %**' for c, _ in cols) + ' | | |')
x = inj & (task == 'memory') & ~hold
print(f'| memory (all families) | {x.sum()} | ' + ' | '.join(f'{F[x].mean()*100:.1f} %' for _, F in cols)
      + f' | {auc(s[x], s[ben]):.3f} | {auc(rlog[x], rlog[ben]):.3f} |')
x = inj & (task == 'jailbreak') & ~hold
print(f'| jailbreak (apart) | {x.sum()} | ' + ' | '.join(f'{F[x].mean()*100:.1f} %' for _, F in cols) + ' | | |')
print(f'| benign flagged | {ben.sum()} | ' + ' | '.join(f'{F[ben].mean()*100:.2f} % ({F[ben].sum()})' for _, F in cols) + ' | | |')
allinj = inj & np.isin(task, ['indirect', 'memory']) & ~hold
print(f'\nAUC, all indirect + memory injections vs all benign (non-holdout): model {auc(s[allinj], s[ben]):.3f}, '
      f'hashed {auc(rlog[allinj], rlog[ben]):.3f}')
print('\n| language | injections | benign | ' + ' | '.join(c for c, _ in cols) + ' | benign flagged (rules OR hashed / rules OR model) |')
print('| --- | --- | --- | ' + ' | '.join('---' for _ in cols) + ' | --- |')
for lg in LANGS:
    x = inj & (task != 'jailbreak') & (lang == lg) & ~hold
    b = ben & (lang == lg)
    if not x.any():
        continue
    print(f'| {lg} | {x.sum()} | {b.sum()} | ' + ' | '.join(f'{F[x].mean()*100:.1f} %' for _, F in cols)
          + f' | {(rules | rm)[b].mean()*100:.2f} % / {(rules | M)[b].mean()*100:.2f} % |')
print('\nBenign flagged by the model alone, per family (top 8):')
c = collections.Counter(fam[ben & M]); n = collections.Counter(fam[ben])
print(', '.join(f'{f} {k}/{n[f]}' for f, k in c.most_common(8)) or 'none')
print('\nHoldout families (not used for the threshold): ' + '; '.join(
    f'{f}: inj {int((M & inj & (fam == f)).sum())}/{int((inj & (fam == f)).sum())} model, '
    f'{int(((rules | M) & inj & (fam == f)).sum())} with rules; benign model {int((M & ~inj & (fam == f)).sum())}/{int((~inj & (fam == f)).sum())}'
    for f in sorted(HOLD) if (fam == f).any()))
# sensitivity: the same figures if the threshold were the 0.5 point
M5 = s >= 0.5
print(f'\nAt the package default 0.5: model alone macro {np.mean([M5[inj & (task == "indirect") & (fam == f) & ~hold].mean()*100 for f in MACRO12 if (inj & (task == "indirect") & (fam == f) & ~hold).any() and f not in exclude]):.1f} %, '
      f'memory {M5[inj & (task == "memory") & ~hold].mean()*100:.1f} %, benign flagged {M5[ben].mean()*100:.2f} % ({M5[ben].sum()}/{ben.sum()})')
