#!/usr/bin/env python3
"""Prompt Injection Zoo scenarios (group `prompt-injection-zoo`): planted text in ten channels.

Source:  github.com/danzaio/prompt-injection-zoo, scenarios/*.json — a teaching lab: each
         scenario has a trusted task and one or more `untrustedInputs` (a file field, a peer
         agent's summary, a chat transcript headed for memory, an e-mail, a retrieved document,
         a tool result, a cache entry, a log), with its OWASP category.
Licence: MIT (repository LICENSE).
URL:     https://github.com/danzaio/prompt-injection-zoo
The README compares the lab with two of the brief's independent evaluation sources by name
only; no data of theirs is in the repository or used here.

Labelling rule (by what the text says): an untrusted input that addresses the assistant or
orders an action ("assistant should …", "should replace …") → injection; task=memory when its
channel is `memory`, else indirect; one that only states a false or conflicting fact
(categories rag_poisoning, and output_handling without an order) → injection, task=retrieval.
kind from the channel: email → email, retrieved_doc → web, memory → memory_write, everything
else → tool_output. No benign texts.

Usage: prompt_injection_zoo.py --git-dir /work/.mirror/danzaio+prompt-injection-zoo/repo
"""
import argparse, json, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _shared_docs import head_commit, ls_files, show, write_jsonl  # noqa: E402

G = "prompt-injection-zoo"
REPO = "danzaio/prompt-injection-zoo"
LIC = "MIT"
KIND = {"email": "email", "retrieved_doc": "web", "memory": "memory_write"}
ORDER = re.compile(r"\bassistant should\b|\bshould (?:replace|call|say|ignore|remember)\b", re.I)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = head_commit(a.git_dir)
    rows = []
    for p in ls_files(a.git_dir, commit):
        if not re.fullmatch(r"scenarios/[a-z0-9-]+\.json", p):
            continue
        sc = json.loads(show(a.git_dir, commit, p))
        for u in sc.get("untrustedInputs", []):
            t = u["content"].strip()
            ch = u.get("channel", "")
            task = ("memory" if ch == "memory" else "indirect") if ORDER.search(t) else "retrieval"
            rows.append({"id": f"{G}:{sc['slug']}:{u['id']}", "text": t, "label": "injection",
                         "kind": KIND.get(ch, "tool_output"), "lang": "en", "task": task,
                         "source": f"{REPO}@{commit}:{p}", "group": G, "license": LIC})
    write_jsonl(a.out, rows)
    from collections import Counter
    print(f"{G}: wrote {len(rows)} records {dict(Counter(r['task'] for r in rows))} (commit {commit})")


if __name__ == "__main__":
    main()
