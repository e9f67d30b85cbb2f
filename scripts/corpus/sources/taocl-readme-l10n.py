#!/usr/bin/env python3
"""taocl-readme-l10n: translated READMEs of jlevy/the-art-of-command-line.

Source : jlevy/the-art-of-command-line, README-<lang>.md
URL    : https://github.com/jlevy/the-art-of-command-line
Licence: CC-BY-SA-4.0 (README "License" section: Creative Commons Attribution-ShareAlike 4.0).
Labelling: all benign, kind "readme", task "benign".  Bulleted command-line tips written as
  imperatives to the reader ("Use `set -x`", "Learn to use `xargs`", "To kill a job, ...", with
  shell commands) - imperative-heavy HARD NEGATIVES.
  Markdown is split at blank lines / headings and greedily chunked to <= 1500 chars; a chunk is
  kept if, after removing URLs, it has >= 200 chars and is in the target language (script ratio
  >= 0.25 of letters for non-Latin scripts; stop-words > English stop-words for Latin ones).
  Chunks are sampled evenly across each file (every k-th accepted chunk), PER_LANG per language.
Usage: taocl-readme-l10n.py --git-dir /work/.mirror/jlevy+the-art-of-command-line/repo
"""
import argparse, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _shared_docs  # noqa: E402

G = "taocl-readme-l10n"
REPO = "jlevy/the-art-of-command-line"
LICENSE = "CC-BY-SA-4.0"
FILES = [("README-ko.md", "ko"), ("README-ja.md", "ja"), ("README-zh.md", "zh"), ("README-ru.md", "ru"),
         ("README-es.md", "es"), ("README-it.md", "it"), ("README-de.md", "de"), ("README-fr.md", "fr"),
         ("README-pt.md", "pt"), ("README-pl.md", "pl"), ("README-uk.md", "uk"), ("README-cs.md", "cs"),
         ("README-el.md", "el"), ("README-id.md", "id"), ("README-ro.md", "ro"), ("README-sl.md", "sl")]
PER_LANG = 60
MAX_CHUNK = 1500  # tips are short; smaller chunks give more items
MIN_BARE = 200  # min chars of a chunk once URLs / tags are removed


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
