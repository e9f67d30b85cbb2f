#!/usr/bin/env python3
"""deb-handbook-l10n: "The Debian Administrator's Handbook" (Debian 11) translations.

Source : Debian 12 binary package debian-handbook 11.20220922 (deb.debian.org pool, SHA256 pinned),
         /usr/share/doc/debian-handbook/html/<locale>/*.html (Publican/DocBook XHTML).
URL    : https://debian-handbook.info/ , https://salsa.debian.org/hertzog/debian-handbook
Licence: GPL-2+ or CC-BY-SA-3.0 (dual licensed; see the package's copyright file).
Labelling: all benign (system-administration book prose, command walkthroughs, many imperative
  instructions to a human reader = hard negatives); kind "doc", task "benign".
  Text of block elements (para, li, pre, headings, table cells) is extracted; navigation removed.
  Many translations are partial (untranslated English paragraphs remain), so each paragraph is
  language-checked (script ratio for ar/fa/ja/ko/zh/ru/el; stop-words vs English for Latin
  languages); runs of accepted paragraphs are chunked to <= 3000 chars (>= 200 chars kept).
  Pages in sorted order, <= 3 chunks per page, PLAN[lang] chunks per locale, group <= 1500.
Usage: deb-handbook-l10n.py [--cache /work/cache/deb] [--out /work/data/raw/deb-handbook-l10n.jsonl]
"""
import argparse, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _shared_docs  # noqa: E402

G = "deb-handbook-l10n"
PKG = ("debian-handbook", "11.20220922", "pool/main/d/debian-handbook/debian-handbook_11.20220922_all.deb",
       "3d5dbeac1f1afc9c094eab9d0f701f6ecff99c4927d5a4794cf6c85678134faa")
LICENSE = "GPL-2+ OR CC-BY-SA-3.0"
BASE = "usr/share/doc/debian-handbook/html/"
PLAN = [("ar-MA", "ar", 120), ("ko-KR", "ko", 120), ("ja-JP", "ja", 120), ("zh-CN", "zh", 120),
        ("ru-RU", "ru", 120), ("es-ES", "es", 120), ("it-IT", "it", 120), ("de-DE", "de", 120),
        ("fr-FR", "fr", 120), ("pt-BR", "pt", 120), ("tr-TR", "tr", 50), ("pl-PL", "pl", 50),
        ("nl-NL", "nl", 50), ("vi-VN", "vi", 50), ("id-ID", "id", 50), ("fa-IR", "fa", 50)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", default="/work/cache/deb")
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    out = _shared_docs.deb_html_records(G, PKG, LICENSE, BASE, PLAN, 3, a.cache)
    _shared_docs.write_jsonl(a.out, out)
    print(f"{G}: wrote {len(out)} records", file=sys.stderr)


if __name__ == "__main__":
    main()
