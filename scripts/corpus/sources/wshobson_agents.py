#!/usr/bin/env python3
"""Claude Code plugin instruction files from wshobson/agents (group `wshobson-agents`),
benign hard negatives.

Source:  github.com/wshobson/agents, every *.md under plugins/ (sub-agent
         definitions agents/*.md, slash commands commands/*.md, skills
         skills/*/SKILL.md and their references)
Licence: MIT (repository LICENSE)
URL:     https://github.com/wshobson/agents

Labelling rule: all label=benign, task=benign.  kind=skill_file for paths under a
skills/ directory, instruction_file otherwise (agent and command prompts).  These
are system-prompt-like standing orders written by the plugin author.  Many are
security-themed (penetration testing, incident response) and name attack techniques.
Chunked to <= 4000 chars; capped at 1500 (deterministic sha1 order).

Usage: wshobson_agents.py --git-dir /work/.mirror/wshobson+agents/repo
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


G = 'wshobson-agents'
REPO = 'wshobson/agents'
INCLUDE = re.compile('^plugins/.*\\.md$')
EXCLUDE = re.compile('/README\\.md$')
KIND = 'instruction_file'
MIN_CHARS = 80


def license_of(path):
    return "MIT"


def kind_of(path):
    return "skill_file" if "/skills/" in path else "instruction_file"


def lang_of(path, text):
    m = re.search(r"translations/([a-z]{2})(?:[-_][A-Za-z]{2})?/", path)
    return m.group(1) if m else guess_lang(text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    ap.add_argument("--cap", type=int, default=1500)
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    rows, seen = [], set()
    for p in ls_files(a.git_dir, commit):
        if not INCLUDE.search(p) or EXCLUDE.search(p):
            continue
        lic = license_of(p)
        if lic is None:
            continue
        for i, c in enumerate(chunk(show(a.git_dir, commit, p))):
            h = hashlib.sha1(c.encode()).hexdigest()
            if len(c) < MIN_CHARS or h in seen:
                continue
            seen.add(h)
            rows.append({"id": f"{G}:{p}#{i}", "text": c, "label": "benign", "kind": kind_of(p),
                         "lang": lang_of(p, c), "task": "benign", "source": f"{REPO}@{commit}:{p}",
                         "group": G, "license": lic})
    if len(rows) > a.cap:
        rows = sorted(sorted(rows, key=lambda r: hashlib.sha1(r["id"].encode()).hexdigest())[:a.cap],
                      key=lambda r: r["id"])
    write(a.out, rows)


if __name__ == "__main__":
    main()
