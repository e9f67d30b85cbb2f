#!/usr/bin/env python3
"""skillscan example and test skills (group `skillscan`): SKILL.md files modelled on
real ClawHub/OpenClaw malware (AMOS stealer, ClawHavoc installer) plus clean ones.

Source:  PyPI sdist skillscan==0.4.0 (skillscan-0.4.0.tar.gz, sha256-checked),
         examples/malicious/*.md and tests/fixtures/*/SKILL.md
Licence: MIT (PKG-INFO License / LICENSE file in the sdist)
URL:     https://pypi.org/project/skillscan/0.4.0/

Labelling rule, by what the text says, kind=skill_file throughout:
  * injection/memory: the skill tells the agent to run commands that steal or send out
    secrets or fetch-and-run code: keychain-stealer (dump keychain, POST it out),
    obfuscated-exfil (base64|sh, read API keys), temporal-trigger (run curl|sh and a
    LaunchAgent on weekends / after the 5th use: a command to run later), amos-sample
    (base64|sh, fake password dialog, keychain), clawhavoc-sample (curl an IP | bash),
    delayed-activation (after 5 uses send $USER and ~/.ssh listing to a remote host),
    prompt-injection (put API keys in hidden e-mail footers, append SSH key to URLs).
  * benign: clean-skill and typosquat (its text is an ordinary PDF-converter skill;
    the scanner flags only its name).
  * skipped: examples/README.md, network-log JSON, rule YAML (detector data, not text
    written into an agent's files).

Usage: skillscan.py [--cache DIR] [--out FILE]   (stdlib only; downloads the sdist)
"""
G = "skillscan"
PKG, VERSION, SDIST, ROOT = "skillscan", "0.4.0", "skillscan-0.4.0.tar.gz", "skillscan-0.4.0"
LIC = "MIT"
ITEMS = [
    ("examples/malicious/keychain-stealer.md", "injection", "skill_file"),
    ("examples/malicious/obfuscated-exfil.md", "injection", "skill_file"),
    ("examples/malicious/temporal-trigger.md", "injection", "skill_file"),
    ("tests/fixtures/amos-sample/SKILL.md", "injection", "skill_file"),
    ("tests/fixtures/clawhavoc-sample/SKILL.md", "injection", "skill_file"),
    ("tests/fixtures/delayed-activation/SKILL.md", "injection", "skill_file"),
    ("tests/fixtures/prompt-injection/SKILL.md", "injection", "skill_file"),
    ("tests/fixtures/clean-skill/SKILL.md", "benign", "skill_file"),
    ("tests/fixtures/typosquat/SKILL.md", "benign", "skill_file"),
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
