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
import argparse, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _shared_docs  # noqa: E402

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
MIN_BARE = 300  # min chars of a chunk once URLs / tags are removed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    out, commit = _shared_docs.readme_records(G, REPO, LICENSE, FILES, PER_LANG, MAX_CHUNK, MIN_BARE, a.git_dir)
    _shared_docs.write_jsonl(a.out, out)
    print(f"{G}: wrote {len(out)} records (commit {commit})", file=sys.stderr)


if __name__ == "__main__":
    main()
