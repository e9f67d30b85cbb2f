#!/usr/bin/env python3
"""LLMail-Inject challenge (Microsoft / ISTA / ETH, SaTML 2025) -- the victim inbox e-mails.

Source:  a public copy of microsoft/llmail-inject-challenge:
         https://github.com/priyaradhakrishnan0/llmail-inject-challenge-1
Files:   src/agent/data/fp_tests.json (false-positive test e-mails for the defences)
         src/agent/data/level{1,2,3,4}.json (the benign e-mails in the victim's inbox per level)
Licence: MIT (LICENSE, Copyright (c) Microsoft Corporation)

Labelling:
  benign only (kind email, task benign): every distinct e-mail string. The attacker submissions of
  the challenge are published on Hugging Face, not in the repository (and its 4 MB+ files are not
  reachable here), so this group contributes hard-negative e-mails only.

Usage: python3 llmail.py --git-dir /work/.mirror/priyaradhakrishnan0+llmail-inject-challenge-1/repo
"""
import argparse
import hashlib
import json
import subprocess
import sys

GROUP = "llmail"
LICENSE = "MIT"
FILES = ["src/agent/data/fp_tests.json"] + [f"src/agent/data/level{i}.json" for i in range(1, 5)]


def git_show(git_dir, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"],
                          check=True, capture_output=True).stdout.decode("utf-8")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default="/work/data/raw/llmail.jsonl")
    a = ap.parse_args()
    commit = subprocess.run(["git", "--git-dir", a.git_dir, "rev-parse", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    out, seen = [], set()
    for p in FILES:
        name = p.rsplit("/", 1)[1].replace(".json", "")
        for i, e in enumerate(json.loads(git_show(a.git_dir, p))["emails"]):
            e = e.strip()
            if not e or e in seen:
                continue
            seen.add(e)
            out.append({"id": f"{GROUP}:{name}:{i}:{hashlib.sha1(e.encode()).hexdigest()[:8]}",
                        "text": e[:6000], "label": "benign", "kind": "email", "lang": "en",
                        "task": "benign",
                        "source": f"priyaradhakrishnan0/llmail-inject-challenge-1@{commit}:{p}",
                        "group": GROUP, "license": LICENSE})
    out.sort(key=lambda r: r["id"])
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{a.out}: 0 injection, {len(out)} benign", file=sys.stderr)


if __name__ == "__main__":
    main()
