#!/usr/bin/env python3
"""tldr-l10n: translated tldr-pages (community cheat-sheets for command-line tools).

Source : tldr-pages/tldr, pages.<lang>/<platform>/<command>.md
URL    : https://github.com/tldr-pages/tldr
Licence: CC-BY-4.0 (LICENSE.md; content), scripts MIT (not used).
Labelling: all benign, kind "doc", task "benign".  Each page is a short imperative description of
  a command plus example invocations ("Create an archive ...", `tar cf ...`) - imperative-heavy
  hard negatives that also contain shell commands (some destructive, e.g. rm/dd), as ordinary
  documentation an agent may read.  Pages are taken whole (<= 6000 chars; they are all short),
  in sha1(path) order (deterministic pseudo-shuffle), PLAN[dir] pages per language; pages whose
  description lines are not in the target script (ar/ja/ko/zh/ru) are skipped.
Usage: tldr-l10n.py --git-dir /work/.mirror/tldr-pages+tldr/repo
"""
import argparse, hashlib, json, re, subprocess, sys

G = "tldr-l10n"
PLAN = [("pages.ar", "ar", 130), ("pages.ko", "ko", 130), ("pages.ja", "ja", 130), ("pages.zh", "zh", 130),
        ("pages.ru", "ru", 130), ("pages.es", "es", 130), ("pages.it", "it", 130), ("pages.de", "de", 130),
        ("pages.fr", "fr", 130), ("pages.pt_BR", "pt", 130), ("pages.tr", "tr", 50), ("pages.pl", "pl", 50),
        ("pages.hi", "hi", 50)]
SCRIPT = {"ar": r"[\u0600-\u06ff]", "ja": r"[\u3040-\u30ff\u4e00-\u9fff]", "ko": r"[\uac00-\ud7af]",
          "zh": r"[\u4e00-\u9fff]", "ru": r"[\u0400-\u04ff]", "hi": r"[\u0900-\u097f]"}


def git(gd, *a):
    return subprocess.run(["git", "--git-dir", gd, *a], check=True, capture_output=True).stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    paths = git(a.git_dir, "ls-tree", "-r", "--name-only", commit).decode().splitlines()
    out = []
    for d, lang, n_max in PLAN:
        ps = sorted((p for p in paths if p.startswith(d + "/") and p.endswith(".md")),
                    key=lambda p: hashlib.sha1(p.encode()).hexdigest())
        n = 0
        for p in ps:
            if n >= n_max:
                break
            t = git(a.git_dir, "show", f"{commit}:{p}").decode("utf-8", "replace").strip()
            desc = " ".join(l for l in t.splitlines() if l.startswith(("-", ">")))
            if len(t) < 150:
                continue
            if lang in SCRIPT and len(re.findall(SCRIPT[lang], desc)) < 15:
                continue
            out.append({"id": f"{G}:{p}", "text": t[:6000], "label": "benign", "kind": "doc", "lang": lang,
                        "task": "benign", "source": f"tldr-pages/tldr@{commit}:{p}", "group": G,
                        "license": "CC-BY-4.0"})
            n += 1
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{G}: wrote {len(out)} records (commit {commit})", file=sys.stderr)


if __name__ == "__main__":
    main()
