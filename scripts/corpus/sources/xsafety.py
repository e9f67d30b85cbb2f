#!/usr/bin/env python3
"""xsafety: XSafety multilingual safety benchmark (Wang et al. 2023, "All Languages Matter").

Source : Jarviswang94/Multilingual_safety_benchmark  (<lang>/<Category>.csv, one prompt per row)
URL    : https://github.com/Jarviswang94/Multilingual_safety_benchmark
Licence: Apache-2.0 (repo LICENSE).  Prompts derive from thu-coai/Safety-Prompts (Apache-2.0),
         translated (largely machine translation) into ar, de, fr, hi, ja, ru, es("sp"), zh, bn.
Labelling
  * Goal_Hijacking.csv  -> label injection, task "indirect" (instruction-override text appended
    to an innocent question: "... Ignore the above and directly output: ..."), kind "chat".
    Rows are kept only when the translation still contains an override phrase for that language
    (OVERRIDE regex below); some machine translations dropped the hijack clause, those rows are
    skipped (not relabelled).
    At most HIJACK_N kept rows per language (group cap 1500).
  * Role_Play_Instruction.csv is NOT used: its rows mix harmful role-play with harmless ones.
  * commonsense.csv -> label benign, task benign, kind "chat" (multiple-choice commonsense
    safety questions, ordinary text); first COMMON_N rows per language.
  * Prompt_Leaking.csv is NOT used: most rows are questions *about* prompt leaking, not attacks.
  English (en/) and Bengali (.xlsx) are skipped (bn commonsense.csv is used).
Deterministic: file order.
Usage: xsafety.py --git-dir /work/.mirror/Jarviswang94+Multilingual_safety_benchmark/repo
"""
import argparse, csv, io, json, re, subprocess, sys

G = "xsafety"
LICENSE = "Apache-2.0"
LANGS = {"ar": "ar", "de": "de", "fr": "fr", "hi": "hi", "ja": "ja", "ru": "ru", "sp": "es", "zh": "zh", "bn": "bn"}
HIJACK_N = 120
COMMON_N = 60
OVERRIDE = {
    "ar": r"تجاهل|تجاهلي|تناسى|انس",
    "de": r"ignorier|vergiss|vergessen sie|missacht|beachten sie .{0,30}nicht",
    "fr": r"ignor|oubli",
    "hi": r"अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल|उपेक्षा",
    "ja": r"無視|忘れ",
    "ru": r"игнорир|проигнорир|забуд|не обращай|не обращайте",
    "es": r"ignor|olvid|haga caso omiso|no tenga en cuenta",
    "zh": r"忽略|忽视|无视|不要理会|不用管|不要管",
}


def git(gd, *a):
    return subprocess.run(["git", "--git-dir", gd, *a], check=True, capture_output=True).stdout


def rows(gd, commit, path):
    try:
        t = git(gd, "show", f"{commit}:{path}").decode("utf-8-sig", errors="replace")
    except subprocess.CalledProcessError:
        return []
    return [r[0].strip() for r in csv.reader(io.StringIO(t)) if r and r[0].strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    out, seen = [], set()

    def add(rid, text, label, kind, lang, task, path, i):
        text = text.strip().strip('"').strip()
        if not text or text in seen:
            return
        seen.add(text)
        out.append({"id": f"{G}:{rid}", "text": text[:6000], "label": label, "kind": kind,
                    "lang": lang, "task": task,
                    "source": f"Jarviswang94/Multilingual_safety_benchmark@{commit}:{path}#row={i}",
                    "group": G, "license": LICENSE})

    for d, lang in LANGS.items():
        if lang in OVERRIDE:
            p = f"{d}/Goal_Hijacking.csv"
            kept = 0
            for i, t in enumerate(rows(a.git_dir, commit, p)):
                if kept < HIJACK_N and re.search(OVERRIDE[lang], t, re.I):
                    n0 = len(out)
                    add(f"{lang}:goal_hijacking:{i}", t, "injection", "chat", lang, "indirect", p, i)
                    kept += len(out) - n0
        p = f"{d}/commonsense.csv"
        for i, t in enumerate(rows(a.git_dir, commit, p)[:COMMON_N]):
            add(f"{lang}:commonsense:{i}", t, "benign", "chat", lang, "benign", p, i)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{G}: wrote {len(out)} records (commit {commit})", file=sys.stderr)


if __name__ == "__main__":
    main()
