import numpy as np, json, sys, collections
from load import load
items=load(); N=len(items)
hold=set(l.strip() for l in open('/work/main/scripts/corpus/holdout.txt') if l.strip() and not l.startswith('#'))
base={}
try:
    for l in open('/tmp/loso-scores.jsonl'):
        r=json.loads(l); base[r['id']]=r
except FileNotFoundError: pass
def get(name):
    if name=='hash': return np.array([base[r['id']]['logit'] if r['id'] in base and base[r['id']]['logit'] is not None else np.nan for r in items],dtype=float)
    return np.load(name)
scores=[get(a) for a in sys.argv[1].split('+')]
mode=sys.argv[2] if len(sys.argv)>2 else 'max'
def z(s):
    ok=~np.isnan(s); b=s[ok]; return (s-np.median(b))/ (np.std(b)+1e-9)
fam=[r['family'] for r in items]; lab=np.array([r['label']=='injection' for r in items]); task=[r['task_'] for r in items]
S=scores[0] if len(scores)==1 else np.nanmax(np.vstack([z(s) for s in scores]),0)
rules=np.array([bool(base.get(r['id'],{}).get('rules',False)) for r in items])
ev=np.array([not f.startswith('authored') and f not in hold for f in fam])
ben=ev&~lab&~np.isnan(S)
for target in (0.5,1.0):
    t=np.quantile(S[ben],1-target/100)
    flagged=S>t
    def rate(mask,fl): n=mask.sum(); return (fl&mask).sum()/max(n,1)*100, n
    rows=collections.defaultdict(list)
    out=[]
    for tk in ('indirect','memory'):
        fs=sorted(set(f for f,tt,l,e in zip(fam,task,lab,ev) if tt==tk and l and e))
        rec=[];recc=[]
        for f in fs:
            m=np.array([ff==f and tt==tk for ff,tt in zip(fam,task)])&lab
            r1,n=rate(m,flagged); r2,_=rate(m,flagged|rules); rec.append(r1); recc.append(r2)
            if target==0.5: print(f'  {tk:8s} {f:28s} n={n:5d} model={r1:5.1f} +rules={r2:5.1f}')
        if tk=='indirect': print(f'target {target}%: indirect macro model {np.mean(rec):.1f}  combined {np.mean(recc):.1f}')
        else:
            m=np.array([tt=='memory' for tt in task])&lab&ev
            print(f'   memory micro model {rate(m,flagged)[0]:.1f} combined {rate(m,flagged|rules)[0]:.1f} (n={m.sum()})')
    bf=(flagged|rules)[ben].mean()*100
    print(f'   benign flagged combined {bf:.2f}%  model {flagged[ben].mean()*100:.2f}%  rules {rules[ben].mean()*100:.2f}%')
    # holdout benign
    hb=np.array([f=='agent-files-github' for f in fam])
    print(f'   agent-files-github flagged model {flagged[hb].mean()*100:.2f}%')
    # languages
    langs=collections.defaultdict(list)
    for i,r in enumerate(items):
        if lab[i] and ev[i] and task[i]!='jailbreak': langs[r.get('lang') or 'en'].append(i)
    print('   langs', ' '.join(f"{l}:{(flagged|rules)[ix].mean()*100:.0f}" for l,ix in sorted(langs.items()) if len(ix)>=20))
