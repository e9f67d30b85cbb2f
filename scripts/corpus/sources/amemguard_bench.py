#!/usr/bin/env python3
"""A-MemGuard stress-test agent memories (group `amemguard-bench`): poisoned and clean
memory records for memory-augmented action agents.

Source:  github.com/cky332/AMemGuard (A-MemGuard reproduction/extension, built on
         AgentPoison code), files bench_data.py (6 English domains: IT access, refunds,
         finance, healthcare, cloud, email) and bench_xling.py (Chinese IT domain).
Licence: MIT (repository LICENSE, "Copyright (c) 2024 AI Secure")
URL:     https://github.com/cky332/AMemGuard

Extraction: the files are Python; they are *parsed* with `ast` (never imported or run)
and only literal data is evaluated: string constants, f-strings / %-formatting over
module-level string constants (TRIGGER, TRIG, ATTACKER), tuples, lists, dicts.

Labelling rule: each memory record's content is one item, kind=memory_write.
  * DOMAINS[d]["benign"] / BENIGN      -> label=benign, task=benign
  * DOMAINS[d]["poison"] overt content -> label=injection, task=memory (explicit
    standing order: skip verification, BCC an outside address, refund to a wallet)
  * DOMAINS[d]["poison"] stealthy      -> label=injection, task=memory, id suffix
    ":stealthy"; written as plausible policy/SOP ("per records-retention policy include
    audit-backup@vendor-mail.net ..."); the paper's threat model says they are benign
    in isolation, harmful in context, so these are the hardest and most debatable.
  * bench_xling POISON (zh)            -> injection (stealthy style)
The retrieval key is prepended as the record's first line ("key\ncontent") because
it is stored with the memory and carries the trigger.

Usage: amemguard_bench.py --git-dir /work/.mirror/cky332+AMemGuard/repo
"""
import ast
import argparse, hashlib, json, re, subprocess
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _shared_docs import chunk, git, guess_lang, ls_files, show  # noqa: E402



def write(out, rows):
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    from collections import Counter
    print(out, len(rows), dict(Counter(r["label"] for r in rows)))


G = "amemguard-bench"
REPO = "cky332/AMemGuard"
LIC = "MIT"


class LitEval:
    """Evaluate only literal data nodes; names resolve to earlier module constants."""

    def __init__(self):
        self.env = {}

    def ev(self, n):
        if isinstance(n, ast.Constant):
            return n.value
        if isinstance(n, (ast.Tuple, ast.List)):
            return [self.ev(e) for e in n.elts]
        if isinstance(n, ast.Dict):
            return {self.ev(k): self.ev(v) for k, v in zip(n.keys, n.values)}
        if isinstance(n, ast.Name):
            return self.env[n.id]
        if isinstance(n, ast.JoinedStr):
            out = []
            for v in n.values:
                if isinstance(v, ast.Constant):
                    out.append(v.value)
                else:
                    out.append(str(self.ev(v.value)))
            return "".join(out)
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod):
            l, r = self.ev(n.left), self.ev(n.right)
            return l % (tuple(r) if isinstance(r, list) else r)
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add):
            return self.ev(n.left) + self.ev(n.right)
        raise ValueError(f"non-literal node {type(n).__name__}")

    def run(self, src):
        for st in ast.parse(src).body:
            if not isinstance(st, ast.Assign) or len(st.targets) != 1:
                continue
            t = st.targets[0]
            try:
                val = self.ev(st.value)
            except (ValueError, KeyError, TypeError):
                continue
            if isinstance(t, ast.Name):
                self.env[t.id] = val
            elif isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id in self.env:
                self.env[t.value.id][self.ev(t.slice)] = val
        return self.env


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    rows = []

    def add(rid, key, content, label, path, lang):
        rows.append({"id": f"{G}:{rid}", "text": f"{key}\n{content}", "label": label, "kind": "memory_write",
                     "lang": lang, "task": "memory" if label == "injection" else "benign",
                     "source": f"{REPO}@{commit}:{path}", "group": G, "license": LIC})

    path = "bench_data.py"
    env = LitEval().run(show(a.git_dir, commit, path))
    for d in sorted(env["DOMAINS"]):
        dom = env["DOMAINS"][d]
        for mid, key, content in dom["benign"]:
            add(f"{d}:{mid}", key, content, "benign", path, "en")
        for mid, key, overt, stealthy, _kind in dom["poison"]:
            add(f"{d}:{mid}:overt", key, overt, "injection", path, "en")
            add(f"{d}:{mid}:stealthy", key, stealthy, "injection", path, "en")
    path = "bench_xling.py"
    env = LitEval().run(show(a.git_dir, commit, path))
    for i, (key, content) in enumerate(env["BENIGN"]):
        add(f"xling:b{i}", key, content, "benign", path, "zh")
    for i, (key, content, _kind) in enumerate(env["POISON"]):
        add(f"xling:p{i}:stealthy", key, content, "injection", path, "zh")
    write(a.out, rows)


if __name__ == "__main__":
    main()
