#!/usr/bin/env python3
"""deb-install-guide-l10n: Debian 12 "Installation Guide" (amd64) translations.

Source : Debian 12 binary package installation-guide-amd64 20230508+deb12u1 (deb.debian.org pool,
         SHA256 pinned), /usr/share/doc/installation-guide-amd64/<lang>/*.html (DocBook XHTML).
URL    : https://www.debian.org/releases/bookworm/installmanual , https://salsa.debian.org/installer-team/installation-guide
Licence: GPL-2 (the package copyright file: "This manual is free software; you may redistribute it
         and/or modify it under the terms of the GNU General Public License version 2").
Labelling: all benign; kind "doc", task "benign".  The text is dominated by step-by-step
  instructions to a human ("insert the medium", "press Enter", "run the command ...") and so is an
  imperative-heavy HARD NEGATIVE set.  Extraction/chunking/language-check as in
  deb-handbook-l10n.py: block-element text, navigation removed, per-paragraph language check
  (script ratio for ja/ko/zh/ru/el; stop-words vs English for Latin languages), runs chunked to
  <= 3000 chars (>= 200 kept), pages in sorted order, <= 6 chunks per page, PLAN[lang] per
  language, group <= 1500.
Usage: deb-install-guide-l10n.py [--cache /work/cache/deb] [--out /work/data/raw/deb-install-guide-l10n.jsonl]
"""
import argparse, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _shared_docs  # noqa: E402

G = "deb-install-guide-l10n"
PKG = ("installation-guide-amd64", "20230508+deb12u1",
       "pool/main/i/installation-guide/installation-guide-amd64_20230508+deb12u1_all.deb",
       "812c43e1dc906daf671e3efe953dc023205c238e5bd5a3021ce4ca142793573a")
LICENSE = "GPL-2"
BASE = "usr/share/doc/installation-guide-amd64/"
PLAN = [("ko", "ko", 200), ("ja", "ja", 120), ("zh_CN", "zh", 120), ("ru", "ru", 120),
        ("es", "es", 120), ("it", "it", 120), ("de", "de", 120), ("fr", "fr", 120), ("pt", "pt", 120),
        ("nl", "nl", 60), ("vi", "vi", 60), ("id", "id", 60), ("el", "el", 60), ("ro", "ro", 60), ("cs", "cs", 60)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cache", default="/work/cache/deb")
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    out = _shared_docs.deb_html_records(G, PKG, LICENSE, BASE, PLAN, 6, a.cache)
    _shared_docs.write_jsonl(a.out, out)
    print(f"{G}: wrote {len(out)} records", file=sys.stderr)


if __name__ == "__main__":
    main()
