# NumPy port of the NanoGuard classifier shipped inside the PyPI wheel `metatronnanoguard` 0.1.0
# (MIT; `nanoguard/assets/model.pt` + `tokenizer.pkl`), so it runs without torch (not installed
# here; the CUDA wheel is gigabytes). Inference only, mirrors `nanoguard/model.py` and
# `nanoguard/scanner.py` of that wheel:
#   tiktoken BPE (8,192 pieces), BOS prefix, truncate to 512, pad to 512 with the pad token;
#   4 bidirectional blocks (RMSNorm without weight, RoPE with bf16-rounded tables, QK-norm,
#   ReLU^2 MLP, per-layer resid/x0 lambdas); attention is NOT masked (the wheel pads and attends
#   to the padding), mean pool over the real tokens, LayerNorm, linear head; softmax[1] = score.
# Loading never unpickles code: the checkpoint's data.pkl is read by a restricted Unpickler that
# only maps the tensor-rebuild calls onto numpy arrays; the tokenizer pickle may only name
# tiktoken.core.Encoding.
# Usage: nanoguard_np.py WHEEL_DIR "text" ...   (prints the injection score of each text)
import io, math, pickle, sys, zipfile
import numpy as np

BOS_TOKEN = "<|reserved_0|>"
PAD_TOKEN = "<|reserved_1|>"


class _Storage:
    def __init__(self, dtype):
        self.dtype = dtype


def _rebuild(storage, offset, size, stride, *rest):
    arr = storage[offset:offset + int(np.prod(size)) if size else offset + 1]
    if not size:
        return arr.reshape(())
    # strides in elements; the saved tensors are contiguous in practice, checked here
    exp = [int(np.prod(size[i + 1:])) for i in range(len(size))]
    if list(stride) != exp:
        arr = np.lib.stride_tricks.as_strided(storage[offset:], shape=size,
                                              strides=[s * storage.itemsize for s in stride]).copy()
    return arr.reshape(size)


class _CkptUnpickler(pickle.Unpickler):
    def __init__(self, f, zf, prefix):
        super().__init__(f)
        self.zf, self.prefix = zf, prefix

    def find_class(self, module, name):
        if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
            return _rebuild
        if module == "torch" and name in ("FloatStorage", "BFloat16Storage"):
            return _Storage(name)
        if (module, name) == ("collections", "OrderedDict"):
            import collections
            return collections.OrderedDict
        raise pickle.UnpicklingError(f"refused global {module}.{name}")

    def persistent_load(self, pid):
        _, stype, key, _loc, numel = pid
        raw = self.zf.read(f"{self.prefix}/data/{key}")
        if stype.dtype == "FloatStorage":
            return np.frombuffer(raw, dtype="<f4").copy()
        u = np.frombuffer(raw, dtype="<u2").astype(np.uint32) << 16  # bf16 -> f32, exact
        return u.view(np.float32)


class _TokUnpickler(pickle.Unpickler):
    def find_class(self, module, name):
        if (module, name) == ("tiktoken.core", "Encoding"):
            import tiktoken.core
            return tiktoken.core.Encoding
        raise pickle.UnpicklingError(f"refused global {module}.{name}")


def _bf16(x):
    u = np.asarray(x, dtype=np.float32).view(np.uint32)
    u = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) << 16  # round to nearest even
    return u.view(np.float32)


def _rms(x, eps=float(np.finfo(np.float32).eps)):
    return x / np.sqrt((x * x).mean(-1, keepdims=True) + eps)


class NanoGuard:
    def __init__(self, wheel_dir):
        zf = zipfile.ZipFile(f"{wheel_dir}/nanoguard/assets/model.pt")
        pk = [n for n in zf.namelist() if n.endswith("/data.pkl")][0]
        ck = _CkptUnpickler(io.BytesIO(zf.read(pk)), zf, pk.rsplit("/", 1)[0]).load()
        self.cfg = dict(ck["config"])
        self.metrics = ck.get("metrics", {})
        self.w = {k: np.asarray(v, dtype=np.float32) for k, v in ck["model_state_dict"].items()}
        with open(f"{wheel_dir}/nanoguard/assets/tokenizer.pkl", "rb") as f:
            self.enc = _TokUnpickler(f).load()
        self.bos = self.enc.encode_single_token(BOS_TOKEN)
        self.pad = self.enc.encode_single_token(PAD_TOKEN)
        self.T = int(self.cfg["sequence_len"])
        self.H = int(self.cfg["n_head"])
        self.C = int(self.cfg["n_embd"])
        hd = self.C // self.H
        inv = 1.0 / (10000 ** (np.arange(0, hd, 2, dtype=np.float32) / hd))
        fr = np.outer(np.arange(self.T * 2, dtype=np.float32), inv)
        self.cos, self.sin = _bf16(np.cos(fr)), _bf16(np.sin(fr))

    def tokens(self, text):
        return [self.bos] + self.enc.encode_ordinary(text)

    def _rope(self, x, T):  # x: (B, T, H, hd)
        d = x.shape[3] // 2
        c, s = self.cos[None, :T, None, :], self.sin[None, :T, None, :]
        x1, x2 = x[..., :d], x[..., d:]
        return np.concatenate([x1 * c + x2 * s, -x1 * s + x2 * c], axis=3)

    def logits_ids(self, batch_ids, pad=True):
        """batch_ids: list of token-id lists (each <= T, BOS included). Returns (B, 2) logits."""
        T = self.T if pad else max(len(i) for i in batch_ids)
        B = len(batch_ids)
        ids = np.full((B, T), self.pad, dtype=np.int64)
        mask = np.zeros((B, T), dtype=np.float32)
        for i, t in enumerate(batch_ids):
            ids[i, :len(t)] = t
            mask[i, :len(t)] = 1
        w, H, C = self.w, self.H, self.C
        hd = C // H
        x = _rms(w["transformer.wte.weight"][ids])
        x0 = x
        for l in range(int(self.cfg["n_layer"])):
            p = f"transformer.h.{l}."
            x = w["resid_lambdas"][l] * x + w["x0_lambdas"][l] * x0
            h = _rms(x)
            q = (h @ w[p + "attn.c_q.weight"].T).reshape(B, T, H, hd)
            k = (h @ w[p + "attn.c_k.weight"].T).reshape(B, T, H, hd)
            v = (h @ w[p + "attn.c_v.weight"].T).reshape(B, T, H, hd)
            q, k = _rms(self._rope(q, T)), _rms(self._rope(k, T))
            q, k, v = q.transpose(0, 2, 1, 3), k.transpose(0, 2, 1, 3), v.transpose(0, 2, 1, 3)
            a = q @ k.transpose(0, 1, 3, 2) / math.sqrt(hd)
            if not pad:  # unpadded batch of unequal lengths: mask the filler keys
                a = a + (mask[:, None, None, :] - 1) * 1e9
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            y = (a @ v).transpose(0, 2, 1, 3).reshape(B, T, C)
            x = x + y @ w[p + "attn.c_proj.weight"].T
            m = np.maximum(_rms(x) @ w[p + "mlp.c_fc.weight"].T, 0)
            x = x + (m * m) @ w[p + "mlp.c_proj.weight"].T
        x = _rms(x)
        pooled = (x * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1)
        mu, var = pooled.mean(-1, keepdims=True), pooled.var(-1, keepdims=True)
        pooled = (pooled - mu) / np.sqrt(var + 1e-5) * w["cls_norm.weight"] + w["cls_norm.bias"]
        return pooled @ w["cls_head.weight"].T + w["cls_head.bias"]

    def score(self, text):
        ids = self.tokens(text)[: self.T]
        lg = self.logits_ids([ids])[0]
        e = np.exp(lg - lg.max())
        return float(e[1] / e.sum())


if __name__ == "__main__":
    ng = NanoGuard(sys.argv[1])
    print("config", ng.cfg, "metrics", ng.metrics)
    for t in sys.argv[2:]:
        print(f"{ng.score(t):.4f}\t{t}")
