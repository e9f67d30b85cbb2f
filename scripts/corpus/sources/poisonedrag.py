#!/usr/bin/env python3
"""PoisonedRAG poisoned passages (group `poisonedrag`).

Source:  github.com/sleeepeer/PoisonedRAG (official code of "PoisonedRAG: Knowledge
         Corruption Attacks to Retrieval-Augmented Generation of LLMs", USENIX Sec'25)
         files results/adv_targeted_results/{nq,hotpotqa,msmarco}.json
Licence: MIT (Copyright (c) 2024 Runpeng Geng)
URL:     https://github.com/sleeepeer/PoisonedRAG

Labelling rule: every string in `adv_texts` is a passage crafted to be retrieved for
`question` and to make the LLM answer `incorrect answer`.  These are label=injection,
kind=memory_write (a knowledge-base write), task="retrieval": they are *plain
misinformation*, not imperative instructions, so they are kept apart from the
instruction-style memory poisoning groups.  The clean BEIR corpus passages are not
in the repository (they are downloaded from BEIR at run time), so this group has no
benign items.

Usage: poisonedrag.py --git-dir /work/.mirror/sleeepeer+PoisonedRAG/repo [--out PATH]
"""
import argparse, json, subprocess

FILES = ["nq", "hotpotqa", "msmarco"]


def git(gd, *a):
    return subprocess.run(["git", "--git-dir", gd, *a], check=True, capture_output=True).stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default="/work/data/raw/poisonedrag.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    rows, seen = [], set()
    for ds in FILES:
        path = f"results/adv_targeted_results/{ds}.json"
        d = json.loads(git(a.git_dir, "show", f"{commit}:{path}"))
        for qid in sorted(d):
            e = d[qid]
            for i, t in enumerate(e["adv_texts"]):
                t = t.strip()
                if not t or t in seen:
                    continue
                seen.add(t)
                rows.append({"id": f"poisonedrag:{ds}:{qid}:{i}", "text": t, "label": "injection",
                             "kind": "memory_write", "lang": "en", "task": "retrieval",
                             "source": f"sleeepeer/PoisonedRAG@{commit}:{path}", "group": "poisonedrag",
                             "license": "MIT"})
    rows = rows[:1500]
    with open(a.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(a.out, len(rows))


if __name__ == "__main__":
    main()
