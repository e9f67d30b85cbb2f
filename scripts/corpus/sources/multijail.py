#!/usr/bin/env python3
"""multijail: MultiJail (Deng et al. 2023, "Multilingual Jailbreak Challenges in LLMs").

Source : DAMO-NLP-SG/multilingual-safety-for-LLMs, data/MultiJail.csv
URL    : https://github.com/DAMO-NLP-SG/multilingual-safety-for-LLMs
Licence: MIT (repo LICENSE, (c) 2023 Multilingual NLP Team at Alibaba DAMO Academy).
         English prompts come from Anthropic hh-rlhf red-team and OpenAI GPT-4 report examples;
         translations are by native speakers.
Labelling: every translated prompt is a harmful question a user types (no instruction override)
  -> label "injection", task "jailbreak", kind "jailbreak".  NOT indirect injection.
  Languages: zh, it, ar, ko (all 315 each), then vi and th (first 120 each) to stay <= 1500.
  English/bn/sw/jv not included.
Deterministic: CSV order.
Usage: multijail.py --git-dir /work/.mirror/DAMO-NLP-SG+multilingual-safety-for-LLMs/repo
"""
import argparse, csv, io, json, subprocess, sys

G = "multijail"
PATH = "data/MultiJail.csv"
PLAN = [("zh", 315), ("it", 315), ("ar", 315), ("ko", 315), ("vi", 120), ("th", 120)]


def git(gd, *a):
    return subprocess.run(["git", "--git-dir", gd, *a], check=True, capture_output=True).stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    rows = list(csv.DictReader(io.StringIO(git(a.git_dir, "show", f"{commit}:{PATH}").decode("utf-8-sig"))))
    out = []
    for lang, n in PLAN:
        for r in rows[:n]:
            t = (r.get(lang) or "").strip()
            if not t:
                continue
            out.append({"id": f"{G}:{lang}:{r['id']}", "text": t[:6000], "label": "injection",
                        "kind": "jailbreak", "lang": lang, "task": "jailbreak",
                        "source": f"DAMO-NLP-SG/multilingual-safety-for-LLMs@{commit}:{PATH}#id={r['id']}",
                        "group": G, "license": "MIT"})
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{G}: wrote {len(out)} records (commit {commit})", file=sys.stderr)


if __name__ == "__main__":
    main()
