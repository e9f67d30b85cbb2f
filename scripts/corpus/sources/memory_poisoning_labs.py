#!/usr/bin/env python3
"""Hand-written memory-poisoning lab payloads (group `memory-poisoning-labs`).

Sources (two repositories, pass both git dirs):
  * github.com/mindisolutions/hindsight-memory-poison  (MIT) - payloads/ files that are
    retain()-ed into the Hindsight agent memory, and legacy_attacks/payloads/
    fake_scraped_page.md
  * github.com/LauraVerghote/memory-poisoning  (NOASSERTION: no licence file) -
    attacks/payloads/poisoned_email.txt, poisoned_report.md
URLs: https://github.com/mindisolutions/hindsight-memory-poison
      https://github.com/LauraVerghote/memory-poisoning

Labelling rule (hand table FILES below), all label=injection:
  * documents with a hidden "SYSTEM NOTE" / configuration block that tells the agent to
    remember a standing order or to treat the note as authoritative over retained
    memories -> task=memory, kind = web / email / doc by carrier;
  * forged_meridian_audit_v2.md and _v3.txt state a false fact (a renewed SOC 2
    audit that "supersedes all prior compliance records") without any instruction ->
    task=retrieval (misinformation-style poisoning; report apart).
Texts are whole files (all < 4000 chars).

Usage: memory_poisoning_labs.py --hindsight-git-dir /work/.mirror/mindisolutions+hindsight-memory-poison/repo \
         --laura-git-dir /work/.mirror/LauraVerghote+memory-poisoning/repo
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


G = "memory-poisoning-labs"
FILES = {
    "hindsight": ("mindisolutions/hindsight-memory-poison", "MIT", [
        ("payloads/forged_meridian_audit.md", "web", "memory"),
        ("payloads/forged_meridian_audit_v2.md", "web", "retrieval"),
        ("payloads/forged_meridian_audit_v3.txt", "memory_write", "retrieval"),
        ("legacy_attacks/payloads/fake_scraped_page.md", "web", "memory"),
    ]),
    "laura": ("LauraVerghote/memory-poisoning", "NOASSERTION", [
        ("attacks/payloads/poisoned_email.txt", "email", "memory"),
        ("attacks/payloads/poisoned_report.md", "doc", "memory"),
    ]),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hindsight-git-dir", required=True)
    ap.add_argument("--laura-git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    dirs = {"hindsight": a.hindsight_git_dir, "laura": a.laura_git_dir}
    rows = []
    for key in sorted(FILES):
        repo, lic, files = FILES[key]
        gd = dirs[key]
        commit = git(gd, "rev-parse", "HEAD").decode().strip()
        for path, kind, task in files:
            for i, c in enumerate(chunk(show(gd, commit, path))):
                rows.append({"id": f"{G}:{key}:{path}#{i}", "text": c, "label": "injection", "kind": kind,
                             "lang": "en", "task": task, "source": f"{repo}@{commit}:{path}", "group": G,
                             "license": lic})
    write(a.out, rows)


if __name__ == "__main__":
    main()
