#!/usr/bin/env python3
"""Tensor Trust (Toyer et al., 2023) -- human-written prompt-injection attacks from the Tensor Trust game.

Source:  https://github.com/HumanCompatibleAI/tensor-trust-data
Files:   benchmarks/hijacking-robustness/v1/hijacking_robustness_dataset.jsonl
         benchmarks/extraction-robustness/v1/extraction_robustness_dataset.jsonl
Licence: the data repository has no LICENSE file; the Tensor Trust paper/site describe the data as
         publicly released for research. Recorded as "unspecified (no LICENSE file)".

Labelling (these are DIRECT prompts typed by a player into the chat box, so task = "jailbreak"):
  injection (kind jailbreak) -- the "attack" field of every hijacking (make the model say
      "Access Granted") and extraction (leak the defender's access code / prompt) sample.
  benign (kind chat, task benign) -- the defender's legitimate "access_code" from the same samples
      (the password the real owner types), distinct values of at least 4 characters. These are
      short and unusual (passwords / phrases), so they are weak negatives.

Usage: python3 tensortrust.py --git-dir /work/.mirror/HumanCompatibleAI+tensor-trust-data/repo
"""
import argparse
import json
import random
import subprocess
import sys

GROUP = "tensortrust"
LICENSE = "unspecified (no LICENSE file in repository)"
SEED = 7
CAP = 1500
MAX_CHARS = 6000
FILES = {"hijacking": "benchmarks/hijacking-robustness/v1/hijacking_robustness_dataset.jsonl",
         "extraction": "benchmarks/extraction-robustness/v1/extraction_robustness_dataset.jsonl"}


def git_show(git_dir, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"],
                          check=True, capture_output=True).stdout.decode("utf-8")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default="/work/data/raw/tensortrust.jsonl")
    a = ap.parse_args()
    commit = subprocess.run(["git", "--git-dir", a.git_dir, "rev-parse", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    inj, ben, seen_a, seen_b = [], [], set(), set()
    for name, p in FILES.items():
        src = f"HumanCompatibleAI/tensor-trust-data@{commit}:{p}"
        for l in git_show(a.git_dir, p).splitlines():
            if not l.strip():
                continue
            r = json.loads(l)
            sid = r["sample_id"]
            t = r["attack"].strip()
            if t and t not in seen_a and len(t) <= MAX_CHARS:
                seen_a.add(t)
                inj.append({"id": f"{GROUP}:{name}:{sid}:attack", "text": t, "label": "injection",
                            "kind": "jailbreak", "lang": "en", "task": "jailbreak", "source": src,
                            "group": GROUP, "license": LICENSE})
            c = r["access_code"].strip()
            if len(c) >= 4 and c not in seen_b and c not in seen_a:
                seen_b.add(c)
                ben.append({"id": f"{GROUP}:{name}:{sid}:access_code", "text": c, "label": "benign",
                            "kind": "chat", "lang": "en", "task": "benign", "source": src,
                            "group": GROUP, "license": LICENSE})
    rng = random.Random(SEED)
    if len(inj) > CAP:
        inj = rng.sample(inj, CAP)
    if len(ben) > CAP:
        ben = rng.sample(ben, CAP)
    out = sorted(inj + ben, key=lambda r: r["id"])
    ids = [r["id"] for r in out]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{a.out}: {len(inj)} injection, {len(ben)} benign", file=sys.stderr)


if __name__ == "__main__":
    main()
