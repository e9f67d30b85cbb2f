#!/usr/bin/env python3
"""E-mail agent red-team inbox (group `email-grpo`): planted orders in e-mails, and a clean inbox.

Source:  github.com/CatarinaSeigward/Email-Agent-Prompt-Injection-and-GRPO-Defense —
         data/attack_seeds.jsonl (30 hand-written attack e-mails: override, hidden injection,
         exfiltration), data/grpo_prompts.jsonl (the e-mails the GRPO red-team generated from
         those seeds, successes and near misses, inside the agent prompt), data/inbox.json (the
         25 ordinary e-mails of the victim inbox: meetings, invoices, security reminders, PRs).
Licence: MIT (repository LICENSE).
URL:     https://github.com/CatarinaSeigward/Email-Agent-Prompt-Injection-and-GRPO-Defense
The repository cites one of the brief's independent evaluation sources by name only; it
contains none of its data, and nothing of that source is used here.

Labelling rule: seed e-mails and every distinct red-team e-mail (the text after "The next email
being processed:" in a GRPO prompt, up to the end of the system turn) → injection, kind=email,
task=indirect; inbox e-mails → benign. Every text has the same carrier
("From: …\nSubject: …\nBody:\n…"), so the format says nothing about the label.

Usage: email_grpo.py --git-dir /work/.mirror/CatarinaSeigward+Email-Agent-Prompt-Injection-and-GRPO-Defense/repo
"""
import argparse, json, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _shared_docs import head_commit, show, write_jsonl  # noqa: E402

G = "email-grpo"
REPO = "CatarinaSeigward/Email-Agent-Prompt-Injection-and-GRPO-Defense"
LIC = "MIT"


def mail(m):
    return f"From: {m['from']}\nSubject: {m['subject']}\nBody:\n{m['body']}".strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = head_commit(a.git_dir)
    rows, seen = [], set()

    def add(rid, t, label, path):
        t = t.strip()
        if not t or t in seen:
            return
        seen.add(t)
        rows.append({"id": f"{G}:{rid}", "text": t, "label": label, "kind": "email", "lang": "en",
                     "task": "indirect" if label == "injection" else "benign",
                     "source": f"{REPO}@{commit}:{path}", "group": G, "license": LIC})

    p = "data/attack_seeds.jsonl"
    for line in show(a.git_dir, commit, p).splitlines():
        if line.strip():
            s = json.loads(line)
            add(f"seed:{s['seed_id']}", mail(s), "injection", p)
    p = "data/grpo_prompts.jsonl"
    for i, line in enumerate(show(a.git_dir, commit, p).splitlines()):
        if not line.strip():
            continue
        m = re.search(r"The next email being processed:\n(.*?)<\|im_end\|>", json.loads(line)["prompt"], re.S)
        if m:
            add(f"grpo:{i}", m.group(1), "injection", p)
    p = "data/inbox.json"
    for m in json.loads(show(a.git_dir, commit, p)):
        add(f"inbox:{m['id']}", mail(m), "benign", p)
    write_jsonl(a.out, rows)
    from collections import Counter
    print(f"{G}: wrote {len(rows)} records {dict(Counter(r['label'] for r in rows))} (commit {commit})")


if __name__ == "__main__":
    main()
