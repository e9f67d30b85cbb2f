#!/usr/bin/env python3
"""Real Cursor rules files (group `awesome-cursorrules`), benign hard negatives.

Source:  github.com/PatrickJS/awesome-cursorrules, every file under rules/
         (*.mdc and .cursorrules prompt files contributed by the community)
Licence: CC0-1.0 (repository LICENSE)
URL:     https://github.com/PatrickJS/awesome-cursorrules

Labelling rule: all label=benign, kind=instruction_file, task=benign: these are the
ordinary standing instructions developers give to a coding agent ("always use
TypeScript", "never use any", ...), i.e. the same imperative shape as poisoning but
written by the repository owner.  Files are chunked at paragraph boundaries to
<= 4000 chars.  Capped at 1500 items (deterministic sha1 order) if larger.

Usage: awesome_cursorrules.py --git-dir /work/.mirror/PatrickJS+awesome-cursorrules/repo
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


G = "awesome-cursorrules"
REPO = "PatrickJS/awesome-cursorrules"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    ap.add_argument("--cap", type=int, default=1500)
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    rows, seen = [], set()
    for p in ls_files(a.git_dir, commit):
        if not p.startswith("rules/") or not re.search(r"(\.mdc|\.md|cursorrules)$", p):
            continue
        for i, c in enumerate(chunk(show(a.git_dir, commit, p))):
            h = hashlib.sha1(c.encode()).hexdigest()
            if len(c) < 40 or h in seen:
                continue
            seen.add(h)
            rows.append({"id": f"{G}:{p}#{i}", "text": c, "label": "benign", "kind": "instruction_file",
                         "lang": guess_lang(c), "task": "benign", "source": f"{REPO}@{commit}:{p}",
                         "group": G, "license": "CC0-1.0"})
    if len(rows) > a.cap:
        rows = sorted(sorted(rows, key=lambda r: hashlib.sha1(r["id"].encode()).hexdigest())[:a.cap],
                      key=lambda r: r["id"])
    write(a.out, rows)


if __name__ == "__main__":
    main()
