#!/usr/bin/env python3
"""NotInject over-defence set (group `notinject`): benign hard negatives full of trigger words.

Source:  github.com/leolee99/InjecGuard, datasets/NotInject_one.json, NotInject_two.json,
         NotInject_three.json (the NotInject dataset of the InjecGuard paper, Li & Liu 2024:
         339 benign prompts, each built around one to three words common in injections —
         "ignore", "bypass", "override"… — in four topics: common, technique, virtual creation,
         multilingual).
Licence: MIT (repository LICENSE).
URL:     https://github.com/leolee99/InjecGuard

Labelling rule: every prompt is benign (that is the dataset's point). kind=chat (a request a
user or a document could carry), task=benign; the language is guessed from the script (the
"Multilingual" topic has Chinese and other prompts). The repository's other files are not used
(BIPIA_*.json copy BIPIA, already its own family; train.json aggregates many sources).

Usage: notinject.py --git-dir /work/.mirror/leolee99+InjecGuard/repo --out /work/data/raw/notinject.jsonl
"""
import argparse, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _shared_docs import guess_lang, head_commit, show, write_jsonl  # noqa: E402

G = "notinject"
REPO = "leolee99/InjecGuard"
LIC = "MIT"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = head_commit(a.git_dir)
    rows, seen = [], set()
    for n in ("one", "two", "three"):
        p = f"datasets/NotInject_{n}.json"
        for i, r in enumerate(json.loads(show(a.git_dir, commit, p))):
            t = r["prompt"].strip()
            if not t or t in seen:
                continue
            seen.add(t)
            rows.append({"id": f"{G}:{n}:{i}", "text": t, "label": "benign", "kind": "chat",
                         "lang": guess_lang(t), "task": "benign", "source": f"{REPO}@{commit}:{p}",
                         "group": G, "license": LIC})
    write_jsonl(a.out, rows)
    print(f"{G}: wrote {len(rows)} records (commit {commit})")


if __name__ == "__main__":
    main()
