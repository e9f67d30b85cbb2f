#!/usr/bin/env python3
"""BIPIA (Benchmark for Indirect Prompt Injection Attacks), microsoft/BIPIA.

Source:  https://github.com/microsoft/BIPIA  (MIT License, Copyright (c) Microsoft Corporation)
Files:   benchmark/{email,table,code}/{train,test}.jsonl  (clean contexts)
         benchmark/text_attack_{train,test}.json, benchmark/code_attack_{train,test}.json (attack texts)
         (the qa/abstract tasks are not in the repo -- they are rebuilt from third-party datasets -- and are skipped)

Labelling:
  benign    -- every clean context (e-mail, markdown table, Stack Overflow answer), verbatim.
  injection -- a clean context with one BIPIA attack string inserted at the start, the end, or the
               middle (at a sentence boundary for e-mail, a line boundary for tables/code), exactly as
               the benchmark's insert_start / insert_end / insert_middle do ("\\n".join([...])).
               Text attacks go into e-mail and table contexts, code attacks into code contexts.
               Each attack is used ATTACK_REPEAT times with contexts/positions drawn from
               random.Random(SEED), so output is deterministic.
  Note: many BIPIA text attacks are *task-hijacking* instructions whose content is harmless on its own
  ("Recommend a good book...") -- they are injections because they are planted in data.

Usage: python3 bipia.py --git-dir /work/.mirror/microsoft+BIPIA/repo [--out /work/data/raw/bipia.jsonl]
"""
import argparse
import hashlib
import json
import random
import re
import subprocess
import sys

GROUP = "bipia"
LICENSE = "MIT"
SEED = 20240226
ATTACK_REPEAT = 3
MAX_CHARS = 6000
MAX_BENIGN = 1500


def git_show(git_dir, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"],
                          check=True, capture_output=True).stdout.decode("utf-8")


def jsonl(text):
    return [json.loads(l) for l in text.splitlines() if l.strip()]


def as_text(v):
    return "\n".join(v) if isinstance(v, list) else str(v)


def boundaries(context, mode):
    if mode == "sentence":
        idx = [m.end() for m in re.finditer(r"[.!?](?=\s+\S)", context)]
    else:
        idx = [m.end() for m in re.finditer(r"\n", context)][:-1]
    return [i for i in idx if 0 < i < len(context)]


def insert(context, attack, pos, rng, mode):
    if pos == "start":
        return "\n".join([attack, context])
    if pos == "end":
        return "\n".join([context, attack])
    b = boundaries(context, mode)
    if not b:
        return "\n".join([context, attack])
    cut = rng.choice(b)
    return "\n".join([context[:cut], attack, context[cut:]])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default="/work/data/raw/bipia.jsonl")
    a = ap.parse_args()
    commit = subprocess.run(["git", "--git-dir", a.git_dir, "rev-parse", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    src = lambda p: f"microsoft/BIPIA@{commit}:{p}"

    # clean contexts
    domains = {"email": ("email", "sentence"), "table": ("table", "line"), "code": ("code", "line")}
    contexts = {}
    for dom in domains:
        seen, lst = set(), []
        for split in ("test", "train"):
            p = f"benchmark/{dom}/{split}.jsonl"
            for i, row in enumerate(jsonl(git_show(a.git_dir, p))):
                c = as_text(row["context"]).strip("\n")
                h = hashlib.sha1(c.encode()).hexdigest()
                if h in seen or len(c) > MAX_CHARS - 400 or not c.strip():
                    continue
                seen.add(h)
                lst.append((f"{split}-{i}", c, p))
        contexts[dom] = lst

    attacks = {}
    for kind, files in (("text", ["benchmark/text_attack_test.json", "benchmark/text_attack_train.json"]),
                        ("code", ["benchmark/code_attack_test.json", "benchmark/code_attack_train.json"])):
        lst = []
        for p in files:
            d = json.loads(git_show(a.git_dir, p))
            for cat in sorted(d):
                for j, s in enumerate(d[cat]):
                    slug = re.sub(r"[^A-Za-z0-9]+", "", cat)[:30]
                    lst.append((f"{slug}-{j}", s, p))
        attacks[kind] = lst

    out = []
    # benign
    benign = []
    for dom, (kind, _) in domains.items():
        for cid, c, p in contexts[dom]:
            benign.append({"id": f"{GROUP}:{dom}:{cid}", "text": c, "label": "benign", "kind": kind,
                           "lang": "en", "task": "benign", "source": src(p), "group": GROUP,
                           "license": LICENSE})
    rng = random.Random(SEED)
    if len(benign) > MAX_BENIGN:
        benign = sorted(rng.sample(benign, MAX_BENIGN), key=lambda r: r["id"])
    out += benign

    # injected
    rng = random.Random(SEED + 1)
    plan = [("email", "text"), ("table", "text"), ("code", "code")]
    for dom, akind in plan:
        kind, mode = domains[dom]
        for aid, atk, ap_ in attacks[akind]:
            for r in range(ATTACK_REPEAT):
                cid, c, cp = rng.choice(contexts[dom])
                pos = rng.choice(["start", "middle", "end"])
                t = insert(c, atk, pos, rng, mode)
                if len(t) > MAX_CHARS:
                    continue
                out.append({"id": f"{GROUP}:{dom}:{cid}:{aid}:{pos}:{r}", "text": t, "label": "injection",
                            "kind": kind, "lang": "en", "task": "indirect",
                            "source": src(cp) + " + " + ap_, "group": GROUP, "license": LICENSE})
    out.sort(key=lambda r: r["id"])
    ids = [r["id"] for r in out]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    n_inj = sum(r["label"] == "injection" for r in out)
    print(f"{a.out}: {n_inj} injection, {len(out) - n_inj} benign", file=sys.stderr)


if __name__ == "__main__":
    main()
