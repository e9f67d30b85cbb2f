#!/usr/bin/env python3
"""Chinese role prompts (group `awesome-chatgpt-prompts-zh`): benign orders addressed to an AI.

Source:  github.com/PlexPt/awesome-chatgpt-prompts-zh, prompts-zh.json (simplified Chinese
         "act as …" prompts: "我希望你充当…", each a direct order to the assistant about the
         user's own task).
Licence: MIT (repository LICENSE).
URL:     https://github.com/PlexPt/awesome-chatgpt-prompts-zh

Labelling rule: every prompt is benign — a user's own request, however imperative, is what an
injection detector must not flag (hard negatives, Chinese, where the issue-10 record shows the
most benign flags). Prompts that themselves ask the model to drop its rules ("越狱", "DAN",
"无限制", "不受…限制", "忽略…规则/限制") are left out: they are jailbreaks, not benign.
kind=chat, task=benign, lang=zh.

Usage: awesome_chatgpt_prompts_zh.py --git-dir /work/.mirror/PlexPt+awesome-chatgpt-prompts-zh/repo
"""
import argparse, json, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _shared_docs import head_commit, show, write_jsonl  # noqa: E402

G = "awesome-chatgpt-prompts-zh"
REPO = "PlexPt/awesome-chatgpt-prompts-zh"
LIC = "MIT"
PATH = "prompts-zh.json"
JAILBREAK = re.compile(r"越狱|DAN|无限制|不受.{0,12}限制|忽略.{0,20}(?:规则|限制|政策)|jailbreak", re.I)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = head_commit(a.git_dir)
    rows, seen, dropped = [], set(), 0
    for i, r in enumerate(json.loads(show(a.git_dir, commit, PATH))):
        t = (r.get("prompt") or "").strip()
        if not t or t in seen:
            continue
        seen.add(t)
        if JAILBREAK.search(t) or JAILBREAK.search(r.get("act", "")):
            dropped += 1
            continue
        rows.append({"id": f"{G}:{i}", "text": t, "label": "benign", "kind": "chat", "lang": "zh",
                     "task": "benign", "source": f"{REPO}@{commit}:{PATH}", "group": G, "license": LIC})
    write_jsonl(a.out, rows)
    print(f"{G}: wrote {len(rows)} records, left out {dropped} jailbreak prompts (commit {commit})")


if __name__ == "__main__":
    main()
