# Leave-one-source-out logistic head over contextual MiniLM window embeddings (contextual.py).
# Each non-authored, non-holdout family is scored by a head trained on every other family
# (holdout families: never trained on, scored by the head trained on all the rest).
# Training as in loso.py: family-balanced weights, then a multiple-instance round on each
# positive text's best window.  Writes /tmp/emb/logit_ctx.npy (per item of load(), NaN if unsampled).
import numpy as np, torch, collections, sys
from load import load
torch.set_num_threads(1); torch.manual_seed(0)
X = torch.from_numpy(np.load('/tmp/emb/X_ctx.npy')); owner = np.load('/tmp/emb/owner_ctx.npy'); sel = np.load('/tmp/emb/sel_ctx.npy')
items = load(); N = len(items)
kinds = sorted(set(r.get('kind', 'doc') for r in items)); kid = {k: i for i, k in enumerate(kinds)}
K = torch.zeros(len(owner), len(kinds)); K[torch.arange(len(owner)), torch.tensor([kid[items[o].get('kind', 'doc')] for o in owner])] = 1
X = torch.cat([X, K], 1)
hold = set(l.strip() for l in open('/work/main/scripts/corpus/holdout.txt') if l.strip() and not l.startswith('#'))
fam = np.array([r['family'] for r in items]); lab = np.array([r['label'] == 'injection' for r in items])
insel = np.zeros(N, bool); insel[sel] = True
y = torch.tensor(lab[owner], dtype=torch.float32)
cnt = collections.Counter((f, l) for f, l, s in zip(fam, lab, insel) if s)
tw = np.array([1 / np.sqrt(max(cnt[(f, l)], 1)) for f, l in zip(fam, lab)])
nwin = np.bincount(owner, minlength=N)
HID = int(sys.argv[1]) if len(sys.argv) > 1 else 0
def new():
    if HID: return torch.nn.Sequential(torch.nn.Linear(X.shape[1], HID), torch.nn.ReLU(), torch.nn.Linear(HID, 1))
    return torch.nn.Linear(X.shape[1], 1)
def fit(mask, wts, epochs):
    m = new(); opt = torch.optim.Adam(m.parameters(), lr=3e-3, weight_decay=1e-5)
    idx = torch.nonzero(torch.from_numpy(mask)).squeeze(1); wt = torch.tensor(wts, dtype=torch.float32)
    for _ in range(epochs):
        perm = idx[torch.randperm(len(idx))]
        for s in range(0, len(perm), 2048):
            b = perm[s:s + 2048]
            loss = (torch.nn.functional.binary_cross_entropy_with_logits(m(X[b]).squeeze(1), y[b], reduction='none') * wt[b]).sum() / wt[b].sum()
            opt.zero_grad(); loss.backward(); opt.step()
    return m
def train(trf):
    wm = trf[owner]
    m = fit(wm, (tw / np.maximum(nwin, 1))[owner], 3)
    with torch.no_grad(): sc = m(X).squeeze(1).numpy()
    best = {}
    for wi in np.nonzero(wm & lab[owner])[0]:
        o = owner[wi]
        if o not in best or sc[wi] > sc[best[o]]: best[o] = wi
    keep = wm & ~lab[owner]; keep[list(best.values())] = True
    return fit(keep, np.where(lab[owner], tw[owner], (tw / np.maximum(nwin, 1))[owner] * 3), 4)
out = np.full(N, np.nan)
def score_into(m, fmask):
    with torch.no_grad(): sc = m(X).squeeze(1).numpy()
    mx = np.full(N, -np.inf); np.maximum.at(mx, owner, sc)
    t = fmask & insel; out[t] = mx[t]
evalf = sorted(set(f for f, s in zip(fam, insel) if s and not f.startswith('authored') and f not in hold))
base = np.array([f not in hold for f in fam])
for f in evalf:
    score_into(train(base & (fam != f)), fam == f); print(f, flush=True)
score_into(train(base), np.array([f in hold for f in fam]))
np.save('/tmp/emb/logit_ctx_%d.npy' % HID, out)
