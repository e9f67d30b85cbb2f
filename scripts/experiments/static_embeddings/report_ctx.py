# Compares, on the sampled texts only: the contextual head, the shipped hashed model's LOSO logits
# (hookward-train --scores FILE), their fusion, each with the rules; threshold at 0.5 % / 1 % of the
# sampled out-of-fold benign texts.  Usage: report_ctx.py LOGITS.npy HASH_SCORES.jsonl
import numpy as np, json, sys, collections
from load import load
items = load(); N = len(items)
ctx = np.load(sys.argv[1]); base = {}
for l in open(sys.argv[2]):
    r = json.loads(l); base[r['id']] = r
hsh = np.array([base[r['id']]['logit'] if r['id'] in base and base[r['id']]['logit'] is not None else -50.0 for r in items])
rules = np.array([bool(base.get(r['id'], {}).get('rules', False)) for r in items])
hold = set(l.strip() for l in open('/work/main/scripts/corpus/holdout.txt') if l.strip() and not l.startswith('#'))
fam = np.array([r['family'] for r in items]); lab = np.array([r['label'] == 'injection' for r in items]); task = np.array([r['task_'] for r in items])
ok = ~np.isnan(ctx); ev = ok & np.array([not f.startswith('authored') and f not in hold for f in fam])
ben = ev & ~lab
def z(s): b = s[ben]; return (s - np.median(b)) / (b.std() + 1e-9)
variants = {'hashed': hsh, 'contextual': np.where(ok, ctx, -np.inf), 'fused(max z)': np.maximum(z(hsh), z(np.where(ok, ctx, -50)))}
for target in (0.5, 1.0):
    print(f'== threshold at {target} % of sampled benign')
    for name, S in variants.items():
        t = np.quantile(S[ben], 1 - target / 100); fl = S > t
        for comb, F in (('alone', fl), ('+rules', fl | rules)):
            rec = []
            for f in sorted(set(fam[ev & lab & (task == 'indirect')])):
                m = ev & lab & (task == 'indirect') & (fam == f); rec.append(F[m].mean() * 100)
            mm = ev & lab & (task == 'memory')
            langs = collections.defaultdict(list)
            for i in np.nonzero(ev & lab & (task != 'jailbreak'))[0]: langs[items[i].get('lang') or 'en'].append(F[i])
            print(f'  {name:13s} {comb:6s} indirect macro {np.mean(rec):5.1f}  memory {F[mm].mean()*100:5.1f} (n={mm.sum()})  benign {F[ben].mean()*100:.2f}%  ' +
                  ' '.join(f'{l}:{np.mean(v)*100:.0f}' for l, v in sorted(langs.items()) if len(v) >= 15))
    S = variants['contextual']; t = np.quantile(S[ben], 1 - target / 100)
    for f in sorted(set(fam[ev & lab & (task == 'indirect')])):
        m = ev & lab & (task == 'indirect') & (fam == f)
        print(f'    {f:28s} n={m.sum():4d} contextual {(S[m] > t).mean()*100:5.1f}  hashed {(hsh[m] > np.quantile(hsh[ben], 1 - target / 100)).mean()*100:5.1f}  rules {rules[m].mean()*100:5.1f}')
