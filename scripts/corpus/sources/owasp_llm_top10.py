#!/usr/bin/env python3
"""OWASP Top 10 for LLM Applications project texts (group `owasp-llm-top10`), benign
security documentation that quotes attacks to a human reader.

Source:  github.com/OWASP/www-project-top-10-for-large-language-model-applications,
         every *.md file (current 2025 list, its translations, archived versions,
         agentic-security initiative drafts, red-team handbook notes)
Licence: CC-BY-SA-4.0 (repository LICENSE.md)
URL:     https://github.com/OWASP/www-project-top-10-for-large-language-model-applications

Labelling rule: all label=benign, kind=security_doc, task=benign.  They describe
prompt injection / data & memory poisoning and often quote example payloads, but are
written for a human reader.  Caveat: a few files (e.g. red-team handbook prompts/)
contain literal attack prompts; they stay benign because they are presented as
documentation, but a strict labeller may disagree.  Chunked to <= 4000 chars at
paragraph boundaries; lang from translations/<xx-YY>/ path else a script guess.
Capped at 1500 items (deterministic sha1 order).

Usage: owasp_llm_top10.py --git-dir /work/.mirror/OWASP+www-project-top-10-for-large-language-model-applications/repo
"""
import argparse, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _shared_docs  # noqa: E402

G = 'owasp-llm-top10'
REPO = 'OWASP/www-project-top-10-for-large-language-model-applications'
INCLUDE = re.compile('\\.md$')
EXCLUDE = re.compile('^(\\.github/|CODEOWNERS|CONTRIBUTING\\.md|CoreTeam\\.md|leaders\\.md|404)')
KIND = 'security_doc'
MIN_CHARS = 80
SELECT = lambda p: bool(INCLUDE.search(p)) and not EXCLUDE.search(p)
LANG_OF = _shared_docs.lang_from_path  # translations/<xx>/ in the path, else script guess


def license_of(path):
    return "CC-BY-SA-4.0"


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
