#!/usr/bin/env python3
"""OWASP Top 10 for LLM Applications project texts (group `owasp-llm-top10`), benign
security documentation that quotes attacks to a human reader.

Source:  github.com/OWASP/www-project-top-10-for-large-language-model-applications,
         every *.md file (current 2025 list, its translations, archived versions,
         agentic-security initiative drafts, red-team handbook notes)
Licence: CC-BY-SA-4.0 (repository LICENSE.md)
URL:     https://github.com/OWASP/www-project-top-10-for-large-language-model-applications

Labelling rule: all label=benign, kind=security_doc, task=benign.  They describe
prompt injection / data & memory poisoning and often quote example payloads, but are
written for a human reader.  Caveat: a few files (e.g. red-team handbook prompts/)
contain literal attack prompts; they stay benign because they are presented as
documentation, but a strict labeller may disagree.  Chunked to <= 4000 chars at
paragraph boundaries; lang from translations/<xx-YY>/ path else a script guess.
Capped at 1500 items (deterministic sha1 order).

Usage: owasp_llm_top10.py --git-dir /work/.mirror/OWASP+www-project-top-10-for-large-language-model-applications/repo
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


G = 'owasp-llm-top10'
REPO = 'OWASP/www-project-top-10-for-large-language-model-applications'
INCLUDE = re.compile('\\.md$')
EXCLUDE = re.compile('^(\\.github/|CODEOWNERS|CONTRIBUTING\\.md|CoreTeam\\.md|leaders\\.md|404)')
KIND = 'security_doc'
MIN_CHARS = 80


def license_of(path):
    return "CC-BY-SA-4.0"


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
            rows.append({"id": f"{G}:{p}#{i}", "text": c, "label": "benign", "kind": KIND,
                         "lang": lang_of(p, c), "task": "benign", "source": f"{REPO}@{commit}:{p}",
                         "group": G, "license": lic})
    if len(rows) > a.cap:
        rows = sorted(sorted(rows, key=lambda r: hashlib.sha1(r["id"].encode()).hexdigest())[:a.cap],
                      key=lambda r: r["id"])
    write(a.out, rows)


if __name__ == "__main__":
    main()
