#!/usr/bin/env python3
"""ai-skill-audit example skill and role files (group `ai-skill-audit`).

Source:  PyPI sdist ai-skill-audit==0.10.4 (ai_skill_audit-0.10.4.tar.gz, sha256-checked),
         examples/{malicious-skill,evil-deploy,clean-skill,clean-role}.md
Licence: MIT (PKG-INFO License-Expression / LICENSE file in the sdist)
URL:     https://pypi.org/project/ai-skill-audit/0.10.4/

Labelling rule, by what the text says:
  * injection/memory, skill_file: malicious-skill.md (hidden <IMPORTANT> block: read
    ~/.aws/credentials and ~/.ssh/id_rsa into the reply, curl them out, "ignore all
    previous instructions"), evil-deploy.md (steps that cat SSH/AWS keys, post .env to a
    webhook, open a reverse shell, add an authorized_keys backdoor, run a miner).
  * benign: clean-skill.md (skill_file), clean-role.md (a role/agent prompt,
    instruction_file).
  * skipped: remote-audits.md (scanner output report), mcp.json.
Both malicious files open with an "<!-- EXAMPLE FILE: This is a FAKE malicious
skill ... -->" disclosure; that leading comment is removed (a real poisoned file would
not announce itself), the rest is verbatim.

Usage: ai_skill_audit.py [--cache DIR] [--out FILE]   (stdlib only; downloads the sdist)
"""
G = "ai-skill-audit"
PKG, VERSION, SDIST, ROOT = "ai-skill-audit", "0.10.4", "ai_skill_audit-0.10.4.tar.gz", "ai_skill_audit-0.10.4"
LIC = "MIT"
ITEMS = [
    ("examples/malicious-skill.md", "injection", "skill_file"),
    ("examples/evil-deploy.md", "injection", "skill_file"),
    ("examples/clean-skill.md", "benign", "skill_file"),
    ("examples/clean-role.md", "benign", "instruction_file"),
]
import argparse, hashlib, io, json, os, re, tarfile, urllib.parse, urllib.request
from collections import Counter

INDEX = "https://pypi.org/pypi/{name}/json"


def fetch_sdist(cache):
    """Download the pinned sdist (checked against PyPI's sha256) into cache; return bytes."""
    os.makedirs(cache, exist_ok=True)
    meta_url = INDEX.format(name=PKG)
    path = os.path.join(cache, SDIST)
    if not os.path.exists(path):
        meta = json.load(urllib.request.urlopen(meta_url, timeout=60))
        files = meta.get("releases", {}).get(VERSION) or meta["urls"]
        u = next(u for u in files if u["filename"] == SDIST)
        data = urllib.request.urlopen(urllib.parse.urljoin(meta_url, u["url"]), timeout=120).read()
        if hashlib.sha256(data).hexdigest() != u["digests"]["sha256"]:
            raise SystemExit("sha256 mismatch for " + SDIST)
        with open(path + ".part", "wb") as f:
            f.write(data)
        os.replace(path + ".part", path)
    with open(path, "rb") as f:
        return f.read()


def guess_lang(t):
    n = max(1, len(t))
    if len(re.findall(r"[\u4e00-\u9fff]", t)) / n > 0.05:
        return "zh"
    return "en"


def clean(text):
    text = text.replace("\r\n", "\n")
    # drop a leading "<!-- EXAMPLE FILE ... -->" disclosure comment: it names the
    # file as a fake attack, which no real poisoned file would say
    text = re.sub(r"\A\s*<!--\s*EXAMPLE FILE.*?-->\s*", "", text, flags=re.S)
    return text.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", default=os.path.expanduser("~/.cache/hookward-corpus/pypi"))
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    tf = tarfile.open(fileobj=io.BytesIO(fetch_sdist(a.cache)), mode="r:gz")
    rows, seen = [], set()
    for rel, label, kind in ITEMS:
        m = tf.getmember(f"{ROOT}/{rel}")
        text = clean(tf.extractfile(m).read().decode("utf-8", "replace"))
        h = hashlib.sha256(text.encode()).hexdigest()
        if h in seen:  # identical fixture copied into several dirs
            continue
        seen.add(h)
        rows.append({"id": f"{G}:{rel}", "text": text, "label": label, "kind": kind,
                     "lang": guess_lang(text),
                     "task": "memory" if label == "injection" else "benign",
                     "source": f"pypi:{PKG}=={VERSION} {SDIST}:{ROOT}/{rel}",
                     "group": G, "license": LIC})
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(a.out, len(rows), dict(Counter(r["label"] for r in rows)), dict(Counter(r["kind"] for r in rows)))


if __name__ == "__main__":
    main()
