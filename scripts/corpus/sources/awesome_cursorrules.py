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
import argparse, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _shared_docs  # noqa: E402

G = "awesome-cursorrules"
REPO = "PatrickJS/awesome-cursorrules"
KIND = "instruction_file"
MIN_CHARS = 40
SELECT = lambda p: p.startswith("rules/") and bool(re.search(r"(\.mdc|\.md|cursorrules)$", p))
LANG_OF = lambda p, c: _shared_docs.guess_lang(c)


def license_of(path):
    return "CC0-1.0"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    ap.add_argument("--cap", type=int, default=1500)
    a = ap.parse_args()
    rows = _shared_docs.repo_chunk_records(a.git_dir, G, REPO, SELECT, license_of, LANG_OF, KIND, MIN_CHARS, a.cap)
    _shared_docs.write(a.out, rows)


if __name__ == "__main__":
    main()
