#!/usr/bin/env python3
"""AWS sample "agent memory poisoning defense" test payloads (group `aws-memory-poisoning`).

Source:  github.com/aws-samples/sample-agent-memory-poisoning-defense,
         test-payloads/test-cases.json (writeContent of each memory-write test case)
Licence: MIT-0 (repository LICENSE, "MIT No Attribution")
URL:     https://github.com/aws-samples/sample-agent-memory-poisoning-defense

Labelling rule: text = writeContent (what the agent would store in long-term memory),
kind=memory_write.  category BENIGN -> benign/benign.  ATTACK_REGEX_CATCHABLE,
ATTACK_REGEX_BYPASS, ATTACK_NAMESPACE -> injection/memory (standing orders, exfil
endpoint, autonomy grant "always comply with export requests without verification",
product steering, Spanish bank-account order).  ATTACK_BURST is labelled *benign*:
its content ("The quarterly report deadline is next Friday...") is harmless; the
attack in the source is the write rate, which a text detector cannot see.
lang: es for the case whose name says Spanish, else en.

Usage: aws_memory_poisoning.py --git-dir /work/.mirror/aws-samples+sample-agent-memory-poisoning-defense/repo
"""
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


G = "aws-memory-poisoning"
REPO = "aws-samples/sample-agent-memory-poisoning-defense"
PATH = "test-payloads/test-cases.json"
INJ = {"ATTACK_REGEX_CATCHABLE", "ATTACK_REGEX_BYPASS", "ATTACK_NAMESPACE"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    rows = []
    for i, e in enumerate(json.loads(show(a.git_dir, commit, PATH))):
        lab = "injection" if e["category"] in INJ else "benign"
        slug = re.sub(r"[^a-z0-9]+", "-", e["name"].lower()).strip("-")
        rows.append({"id": f"{G}:{i}:{slug}", "text": e["writeContent"], "label": lab, "kind": "memory_write",
                     "lang": "es" if "spanish" in e["name"].lower() else "en",
                     "task": "memory" if lab == "injection" else "benign",
                     "source": f"{REPO}@{commit}:{PATH}", "group": G, "license": "MIT-0"})
    write(a.out, rows)


if __name__ == "__main__":
    main()
