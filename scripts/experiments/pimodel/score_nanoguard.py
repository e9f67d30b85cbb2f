# Score a fixed sample of the LOSO corpus with NanoGuard (nanoguard_np.py), for report.py.
# Sample (fixed before any score was seen, seed 0): every text the record scored
# (/work/data/loso-record/ctx-base-scores.jsonl) except the authored examples (training-only in
# the record), at most CAP texts per (family, label). Windows: the model's own context, 511
# tokens after BOS, stride 447 (64-token overlap); a text is scored by its first and last window
# (at most 2; texts <= 511 tokens have one), score = max. Padded to 512 as the wheel does.
# Each shard visits its texts in a shuffled order (resumable: texts already in OUT are skipped).
# Usage: score_nanoguard.py WHEEL_DIR OUT.jsonl SHARD NSHARDS [CAP]
import json, os, random, sys, time, glob, collections
import numpy as np
from nanoguard_np import NanoGuard

wheel, out, shard, nshards = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
CAP = int(sys.argv[5]) if len(sys.argv) > 5 else 30
REC = '/work/data/loso-record/ctx-base-scores.jsonl'
rec = {}
for l in open(REC):
    r = json.loads(l)
    if not r['family'].startswith('authored-'):
        rec[r['id']] = r
texts = {}
for p in sorted(glob.glob('/work/data/raw/*.jsonl')) + ['/work/shared/corpus/injection-dev.jsonl']:
    for l in open(p):
        r = json.loads(l)
        if r['id'] in rec:
            texts[r['id']] = r['text']
by = collections.defaultdict(list)
for i in sorted(rec):
    if i in texts:
        by[(rec[i]['family'], rec[i]['label'])].append(i)
rng = random.Random(0)
sample = []
for k in sorted(by):
    ids = by[k]
    sample += ids if len(ids) <= CAP else sorted(rng.sample(ids, CAP))
sample = sample[shard::nshards]
random.Random(1).shuffle(sample)  # any prefix of the run is a uniform subsample
done = set()
if os.path.exists(out):
    done = {json.loads(l)['id'] for l in open(out)}
ng = NanoGuard(wheel)
W, S = ng.T - 1, ng.T - 1 - 64
f = open(out, 'a')
t0 = time.process_time()
for n, i in enumerate(sample):
    if i in done:
        continue
    toks = ng.enc.encode_ordinary(texts[i])
    starts = [0] if len(toks) <= W else [0, ((len(toks) - W + S - 1) // S) * S]
    wins = [[ng.bos] + toks[s:s + W] for s in starts]
    c0 = time.process_time()
    lg = ng.logits_ids(wins)
    p = np.exp(lg - lg.max(1, keepdims=True)); p = p[:, 1] / p.sum(1)
    r = rec[i]
    covered = sum(len(ng.enc.decode(t[1:]).encode()) for t in wins)
    f.write(json.dumps({'id': i, 'family': r['family'], 'label': r['label'], 'task': r['task'], 'lang': r['lang'],
                        'kind': r['kind'], 'score': float(p.max()), 'windows': len(wins), 'tokens': len(toks),
                        'bytes_scored': covered, 'cpu_s': time.process_time() - c0}) + '\n')
    f.flush()
    if n % 50 == 0:
        print(n, len(sample), f'{time.process_time() - t0:.0f}s cpu', flush=True)
print('done', len(sample), f'{time.process_time() - t0:.0f}s cpu')
