#!/usr/bin/env python3
"""InjecAgent (Zhan et al., ACL 2024 Findings) -- indirect prompt injection in tool responses.

Original:  https://github.com/uiuc-kang-lab/InjecAgent  (MIT License, Copyright (c) 2023 Qiusi Zhan)
Read from: the fork https://github.com/enkryptai/xInjectAgent, which carries the original data/ files
           unchanged (same sizes as upstream); only the ORIGINAL InjecAgent files are used here:
           data/test_cases_{dh,ds}_{base,enhanced}.json, data/user_cases.jsonl,
           data/attacker_simulated_responses.json.  (The fork's own *_tech/_tool/_test sets are ignored.)

Labelling:
  injection (kind tool_output, task indirect) -- the "Tool Response" of a test case: a user tool's JSON
      output (product review, note, e-mail, calendar event, ...) whose free-text field carries the
      attacker instruction (direct harm "dh" or data stealing "ds"; "enhanced" adds the
      "IMPORTANT!!! Ignore all previous instructions ..." hacking prompt). All base cases are kept,
      enhanced cases are sampled (random.Random(SEED)) to fill the cap.
  benign (kind tool_output) -- (a) the simulated tool outputs in attacker_simulated_responses.json
      (ordinary tool observations without attacker text), sampled to the cap; (b) each user-case
      "Tool Response Template" with the <Attacker Instruction> slot emptied.

Usage: python3 injecagent.py --git-dir /work/.mirror/enkryptai+xInjectAgent/repo
"""
import argparse
import hashlib
import json
import random
import subprocess
import sys

GROUP = "injecagent"
LICENSE = "MIT"
SEED = 1234
CAP = 1500
MAX_CHARS = 6000


def git_show(git_dir, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"],
                          check=True, capture_output=True).stdout.decode("utf-8")


def unquote(s):
    s = s.strip()
    if s.startswith('"') and s.endswith('"'):
        try:
            return json.loads(s)
        except Exception:
            return s[1:-1]
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default="/work/data/raw/injecagent.jsonl")
    a = ap.parse_args()
    commit = subprocess.run(["git", "--git-dir", a.git_dir, "rev-parse", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    src = lambda p: f"enkryptai/xInjectAgent@{commit}:{p} (upstream uiuc-kang-lab/InjecAgent)"
    rec = lambda i, t, lab, p: {"id": f"{GROUP}:{i}", "text": t, "label": lab, "kind": "tool_output",
                                "lang": "en", "task": "indirect" if lab == "injection" else "benign",
                                "source": src(p), "group": GROUP, "license": LICENSE}
    rng = random.Random(SEED)

    inj, enh = [], []
    for setting in ("base", "enhanced"):
        for typ in ("dh", "ds"):
            p = f"data/test_cases_{typ}_{setting}.json"
            for i, c in enumerate(json.loads(git_show(a.git_dir, p))):
                t = unquote(c["Tool Response"])
                assert c["Attacker Instruction"] in t
                if len(t) > MAX_CHARS:
                    continue
                r = rec(f"{typ}_{setting}:{i}", t, "injection", p)
                (inj if setting == "base" else enh).append(r)
    inj += rng.sample(enh, max(0, min(len(enh), CAP - len(inj))))

    ben, seen = [], set()
    p = "data/user_cases.jsonl"
    for i, l in enumerate(git_show(a.git_dir, p).splitlines()):
        if not l.strip():
            continue
        u = json.loads(l)
        t = u["Tool Response Template"].replace("<Attacker Instruction>", "")
        if t not in seen:
            seen.add(t)
            ben.append(rec(f"user_template_empty:{i}", t, "benign", p))
    p = "data/attacker_simulated_responses.json"
    sim = json.loads(git_show(a.git_dir, p))
    pool = []
    for k in sorted(sim):
        t = sim[k] if isinstance(sim[k], str) else json.dumps(sim[k])
        t = t.strip()
        if not t or t in seen or len(t) > MAX_CHARS:
            continue
        seen.add(t)
        pool.append(rec(f"simulated:{hashlib.sha1(k.encode()).hexdigest()[:16]}", t, "benign", p))
    ben += rng.sample(pool, min(len(pool), CAP - len(ben)))

    out = sorted(inj + ben, key=lambda r: r["id"])
    ids = [r["id"] for r in out]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{a.out}: {len(inj)} injection, {len(ben)} benign", file=sys.stderr)


if __name__ == "__main__":
    main()
