# Score every text the record scored (except the authored examples) with the TF-IDF + logistic
# regression shipped in the PyPI wheel `prompt-guardrail` 1.0.1 (Apache-2.0; import name
# `guardify`; `guardify/models/*.pkl`). The two joblib pickles were checked with pickletools
# first: they name only sklearn TfidfVectorizer / TfidfTransformer / LogisticRegression, numpy
# and joblib's array wrapper. Two scores per text: `whole` = P(injection) of the whole text, as
# the package's predict() does; `win` = max over windows of 64 words every 32 (a long carrier
# dilutes a planted sentence in one l2-normalised TF-IDF vector).
# Usage: score_guardify.py WHEEL_DIR OUT.jsonl
import glob, json, re, sys, time
import joblib

wheel, out = sys.argv[1], sys.argv[2]
vec = joblib.load(f'{wheel}/guardify/models/ig_ip_vectorizer.pkl')
clf = joblib.load(f'{wheel}/guardify/models/lg_ip_guardrails.pkl')
pos = list(clf.classes_).index(1)
rec = {}
for l in open('/work/data/loso-record/ctx-base-scores.jsonl'):
    r = json.loads(l)
    if not r['family'].startswith('authored-'):
        rec[r['id']] = r
rows = []
for p in sorted(glob.glob('/work/data/raw/*.jsonl')) + ['/work/shared/corpus/injection-dev.jsonl']:
    for l in open(p):
        r = json.loads(l)
        if r['id'] in rec:
            rows.append((r['id'], r['text']))
t0 = time.process_time()
nbytes = 0
with open(out, 'w') as f:
    for k in range(0, len(rows), 256):
        chunk = rows[k:k + 256]
        whole = clf.predict_proba(vec.transform([t for _, t in chunk]))[:, pos]
        wins, owner = [], []
        for j, (_, t) in enumerate(chunk):
            nbytes += len(t.encode())
            toks = re.findall(r'\S+', t)
            starts = range(0, max(1, len(toks) - 32), 32) if len(toks) > 64 else [0]
            for s in starts:
                wins.append(' '.join(toks[s:s + 64])); owner.append(j)
        pw = clf.predict_proba(vec.transform(wins))[:, pos]
        best = [0.0] * len(chunk)
        for j, p in zip(owner, pw):
            best[j] = max(best[j], float(p))
        for j, (i, _) in enumerate(chunk):
            r = rec[i]
            f.write(json.dumps({'id': i, 'family': r['family'], 'label': r['label'], 'task': r['task'],
                                'lang': r['lang'], 'kind': r['kind'], 'whole': float(whole[j]), 'win': best[j]}) + '\n')
cpu = time.process_time() - t0
print(f'{len(rows)} texts, {nbytes / 1024:.0f} KB, {cpu:.1f} s CPU, {cpu * 1000 / (nbytes / 1024):.2f} ms CPU per KB (whole + windows)')
