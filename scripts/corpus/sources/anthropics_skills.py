#!/usr/bin/env python3
"""Anthropic's public Agent Skills (group `anthropics-skills`), benign hard negatives.

Source:  github.com/anthropics/skills, every *.md under skills/ and template/
         (SKILL.md files plus the reference .md files they load)
Licence: per skill directory LICENSE.txt: Apache-2.0 for most skills; the document
         skills docx/pdf/pptx/xlsx are "(c) 2025 Anthropic, PBC. All rights reserved"
         (source-available, recorded as LicenseRef-Anthropic-proprietary);
         doc-coauthoring and template/ have no licence file (recorded as
         NOASSERTION, repository README says Apache-2.0 for examples).
URL:     https://github.com/anthropics/skills

Labelling rule: all label=benign, kind=skill_file, task=benign.  Skills are full of
imperative instructions to the agent ("ALWAYS run...", "Never..."), i.e. the same
shape as a planted instruction, written by the legitimate author.  Chunked to
<= 4000 chars; capped at 1500.

Usage: anthropics_skills.py --git-dir /work/.mirror/anthropics+skills/repo
"""
import argparse, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _shared_docs  # noqa: E402

G = 'anthropics-skills'
REPO = 'anthropics/skills'
INCLUDE = re.compile('^(skills|template)/.*\\.md$')
EXCLUDE = re.compile('^$a')
KIND = 'skill_file'
MIN_CHARS = 80
SELECT = lambda p: bool(INCLUDE.search(p)) and not EXCLUDE.search(p)
LANG_OF = _shared_docs.lang_from_path  # translations/<xx>/ in the path, else script guess


PROPRIETARY = {"docx", "pdf", "pptx", "xlsx"}
NOLIC = {"doc-coauthoring"}


def license_of(path):
    parts = path.split("/")
    if parts[0] == "template":
        return "NOASSERTION"
    name = parts[1]
    if name in PROPRIETARY:
        return "LicenseRef-Anthropic-proprietary"
    if name in NOLIC:
        return "NOASSERTION"
    return "Apache-2.0"


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
