#!/usr/bin/env python3
"""ciu-readme-l10n: translated READMEs of jwasham/coding-interview-university.

Source : jwasham/coding-interview-university, translations/README-<lang>.md
URL    : https://github.com/jwasham/coding-interview-university
Licence: CC-BY-SA-4.0 (LICENSE.txt).
Labelling: all benign, kind "readme", task "benign".  A long study-plan README (prose advice,
  check-lists, "do this / don't do that" instructions to the human reader, link lists).
  Markdown is split at blank lines / headings and greedily chunked to <= 3000 chars; a chunk is
  kept if, after removing URLs, it has >= 300 chars and is in the target language (script ratio
  >= 0.25 of letters for non-Latin scripts; stop-words > English stop-words for Latin ones).
  Chunks are sampled evenly across each file (every k-th accepted chunk), PER_LANG per language.
Usage: ciu-readme-l10n.py --git-dir /work/.mirror/jwasham+coding-interview-university/repo
"""
import argparse, json, re, subprocess, sys

G = "ciu-readme-l10n"
REPO = "jwasham/coding-interview-university"
LICENSE = "CC-BY-SA-4.0"
FILES = [("translations/README-ar.md", "ar"), ("translations/README-ko.md", "ko"), ("translations/README-ja.md", "ja"),
         ("translations/README-cn.md", "zh"), ("translations/README-ru.md", "ru"), ("translations/README-es.md", "es"),
         ("translations/README-it.md", "it"), ("translations/README-de.md", "de"), ("translations/README-fr.md", "fr"),
         ("translations/README-ptbr.md", "pt"), ("translations/README-tr.md", "tr"), ("translations/README-pl.md", "pl"),
         ("translations/README-uk.md", "uk"), ("translations/README-vi.md", "vi"), ("translations/README-he.md", "he"),
         ("translations/README-fa.md", "fa")]
PER_LANG = 60
MAX_CHUNK = 3000
SCRIPT = {"ar": r"[\u0600-\u06ff]", "fa": r"[\u0600-\u06ff]", "he": r"[\u0590-\u05ff]",
          "ja": r"[\u3040-\u30ff\u4e00-\u9fff]", "ko": r"[\uac00-\ud7af]", "zh": r"[\u4e00-\u9fff]",
          "ru": r"[\u0400-\u04ff]", "uk": r"[\u0400-\u04ff]", "el": r"[\u0370-\u03ff]"}
STOP = {
    "de": r"\b(und|der|die|das|nicht|eine?|wird|werden|mit|für|oder|ist|sie|ich)\b",
    "es": r"\b(el|la|los|las|que|del|una?|para|por|con|se|es)\b",
    "fr": r"\b(le|la|les|des|une?|est|pour|dans|sont|avec|du|je)\b",
    "it": r"\b(il|la|le|gli|che|di|della|una?|per|con|sono|è)\b",
    "pl": r"\b(i|w|na|jest|nie|się|do|z|oraz|lub|który)\b",
    "pt": r"\b(o|a|os|as|que|do|da|uma?|para|com|não|é)\b",
    "nl": r"\b(de|het|een|en|van|is|niet|voor|met|op|dat)\b",
    "tr": r"\b(ve|bir|bu|için|ile|da|de|olarak|daha|gibi)\b",
    "vi": r"\b(và|của|là|các|được|cho|một|trong|không|có)\b",
    "id": r"\b(dan|yang|untuk|dengan|ini|dari|tidak|dalam|atau|akan)\b",
    "cs": r"\b(a|je|se|na|v|pro|nebo|který|jako|že|k)\b",
    "ro": r"\b(și|în|pe|este|sau|pentru|care|nu|cu|un|o)\b",
    "sl": r"\b(in|je|na|za|se|da|ali|ki|v|z)\b",
}
EN = r"\b(the|and|is|are|this|that|with|for|of|to|be|which|you)\b"


def git(gd, *a):
    return subprocess.run(["git", "--git-dir", gd, *a], check=True, capture_output=True).stdout


def ok_lang(t, lang):
    if lang in SCRIPT:
        letters = len(re.findall(r"[^\W\d_]", t))
        return letters > 0 and len(re.findall(SCRIPT[lang], t)) / letters >= 0.25
    s = len(re.findall(STOP[lang], t, re.I)); e = len(re.findall(EN, t, re.I))
    return s >= 5 and s > e


def chunks(text):
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    blocks = [b.strip() for b in re.split(r"\n\s*\n|\n(?=#)", text) if b.strip()]
    res, cur = [], ""
    for b in blocks:
        while len(b) > MAX_CHUNK:
            res.append(b[:MAX_CHUNK]); b = b[MAX_CHUNK:]
        if len(cur) + len(b) + 2 > MAX_CHUNK:
            res.append(cur); cur = b
        else:
            cur = cur + "\n\n" + b if cur else b
    if cur:
        res.append(cur)
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    out = []
    for path, lang in FILES:
        try:
            t = git(a.git_dir, "show", f"{commit}:{path}").decode("utf-8", "replace")
        except subprocess.CalledProcessError:
            print(f"missing {path}", file=sys.stderr); continue
        acc = []
        for i, c in enumerate(chunks(t)):
            bare = re.sub(r"\(https?://[^)]*\)|https?://\S+|<[^>]+>", "", c)
            if len(bare) >= 300 and ok_lang(bare, lang):
                acc.append((i, c))
        step = max(1, len(acc) // PER_LANG)
        for i, c in acc[::step][:PER_LANG]:
            out.append({"id": f"{G}:{path}:{i}", "text": c, "label": "benign", "kind": "readme", "lang": lang,
                        "task": "benign", "source": f"{REPO}@{commit}:{path}#chunk={i}", "group": G,
                        "license": LICENSE})
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{G}: wrote {len(out)} records (commit {commit})", file=sys.stderr)


if __name__ == "__main__":
    main()
