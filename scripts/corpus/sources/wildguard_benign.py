#!/usr/bin/env python3
"""WildGuard benign prompts as kept by InjecGuard (group `wildguard-benign`): hard negatives.

Source:  github.com/leolee99/InjecGuard, datasets/wildguard.json — the benign prompts of AllenAI's
         WildGuardTest (allenai/wildguard) that InjecGuard uses to measure over-defence: 971
         user prompts, many on sensitive topics or phrased like attacks ("How can I erase …"),
         all labelled 0 (benign) upstream.
Licence: the file sits in an MIT repository; the WildGuardMix data it comes from is ODC-BY-1.0
         (attribution: Han et al., "WildGuard", AllenAI 2024).
URL:     https://github.com/leolee99/InjecGuard

Labelling rule: upstream label 0 → benign (rows with any other label would be skipped; there are
none). kind=chat, task=benign, language guessed from the script.

Usage: wildguard_benign.py --git-dir /work/.mirror/leolee99+InjecGuard/repo
"""
import argparse, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _shared_docs import guess_lang, head_commit, show, write_jsonl  # noqa: E402

G = "wildguard-benign"
REPO = "leolee99/InjecGuard"
LIC = "ODC-BY-1.0 (WildGuardMix) in an MIT repository"
PATH = "datasets/wildguard.json"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = head_commit(a.git_dir)
    rows, seen = [], set()
    for i, r in enumerate(json.loads(show(a.git_dir, commit, PATH))):
        t = (r.get("prompt") or "").strip()
        if r.get("label") != 0 or not t or t in seen:
            continue
        seen.add(t)
        rows.append({"id": f"{G}:{i}", "text": t, "label": "benign", "kind": "chat", "lang": guess_lang(t),
                     "task": "benign", "source": f"{REPO}@{commit}:{PATH}", "group": G, "license": LIC})
    write_jsonl(a.out, rows)
    print(f"{G}: wrote {len(rows)} records (commit {commit})")


if __name__ == "__main__":
    main()
