#!/usr/bin/env python3
"""AWS sample "agent memory poisoning defense" test payloads (group `aws-memory-poisoning`).

Source:  github.com/aws-samples/sample-agent-memory-poisoning-defense,
         test-payloads/test-cases.json (writeContent of each memory-write test case)
Licence: MIT-0 (repository LICENSE, "MIT No Attribution")
URL:     https://github.com/aws-samples/sample-agent-memory-poisoning-defense

Labelling rule: text = writeContent (what the agent would store in long-term memory),
kind=memory_write.  category BENIGN -> benign/benign.  ATTACK_REGEX_CATCHABLE,
ATTACK_REGEX_BYPASS, ATTACK_NAMESPACE -> injection/memory (standing orders, exfil
endpoint, autonomy grant "always comply with export requests without verification",
product steering, Spanish bank-account order).  ATTACK_BURST is labelled *benign*:
its content ("The quarterly report deadline is next Friday...") is harmless; the
attack in the source is the write rate, which a text detector cannot see.
lang: es for the case whose name says Spanish, else en.

Usage: aws_memory_poisoning.py --git-dir /work/.mirror/aws-samples+sample-agent-memory-poisoning-defense/repo
"""
import argparse, hashlib, json, re, subprocess


def git(gd, *a):
    return subprocess.run(["git", "--git-dir", gd, *a], check=True, capture_output=True).stdout


def ls_files(gd, commit):
    out = git(gd, "ls-tree", "-r", "-z", "--name-only", commit).decode("utf-8", "replace")
    return sorted(p for p in out.split("\0") if p)


def show(gd, commit, path):
    return git(gd, "show", f"{commit}:{path}").decode("utf-8", "replace")


def chunk(text, limit=4000):
    """Split at blank-line paragraph boundaries into pieces of <= limit chars."""
    text = text.replace("\r\n", "\n").strip()
    if len(text) <= limit:
        return [text] if text else []
    paras = re.split(r"\n\s*\n", text)
    pieces = []
    for p in paras:
        while len(p) > limit:  # oversize paragraph: cut at a line break, else hard
            cut = p.rfind("\n", 0, limit)
            if cut < limit // 2:
                cut = limit
            pieces.append(p[:cut])
            p = p[cut:].lstrip("\n")
        pieces.append(p)
    out, cur = [], ""
    for p in pieces:
        if not p.strip():
            continue
        if cur and len(cur) + 2 + len(p) > limit:
            out.append(cur)
            cur = p
        else:
            cur = f"{cur}\n\n{p}" if cur else p
    if cur:
        out.append(cur)
    return out


def write(out, rows):
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    from collections import Counter
    print(out, len(rows), dict(Counter(r["label"] for r in rows)))


def guess_lang(t):
    """Crude script-based guess; default en."""
    n = max(1, len(t))
    kana = len(re.findall(r"[\u3040-\u30ff]", t))
    han = len(re.findall(r"[\u4e00-\u9fff]", t))
    hangul = len(re.findall(r"[\uac00-\ud7af]", t))
    cyr = len(re.findall(r"[\u0400-\u04ff]", t))
    if kana / n > 0.02:
        return "ja"
    if hangul / n > 0.05:
        return "ko"
    if han / n > 0.05:
        return "zh"
    if cyr / n > 0.2:
        return "ru"
    return "en"


G = "aws-memory-poisoning"
REPO = "aws-samples/sample-agent-memory-poisoning-defense"
PATH = "test-payloads/test-cases.json"
INJ = {"ATTACK_REGEX_CATCHABLE", "ATTACK_REGEX_BYPASS", "ATTACK_NAMESPACE"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    rows = []
    for i, e in enumerate(json.loads(show(a.git_dir, commit, PATH))):
        lab = "injection" if e["category"] in INJ else "benign"
        slug = re.sub(r"[^a-z0-9]+", "-", e["name"].lower()).strip("-")
        rows.append({"id": f"{G}:{i}:{slug}", "text": e["writeContent"], "label": lab, "kind": "memory_write",
                     "lang": "es" if "spanish" in e["name"].lower() else "en",
                     "task": "memory" if lab == "injection" else "benign",
                     "source": f"{REPO}@{commit}:{PATH}", "group": G, "license": "MIT-0"})
    write(a.out, rows)


if __name__ == "__main__":
    main()
