#!/usr/bin/env python3
"""Greshake et al.'s indirect-injection demonstrations (group `greshake-llm-security`).

Source:  github.com/greshake/llm-security — the code of "Not what you've signed up for:
         Compromising Real-World LLM-Integrated Applications with Indirect Prompt Injection"
         (AISec'23): scenarios/puzzle/puzzles/* (web pages a browsing chat reads, each hiding a
         game or order for the model), scenarios/common/*.md (a retrieved page with a planted
         order), and the payload strings of scenarios/{gpt4,gpt3langchain,code-completion}/**.py
         (data exfiltration, persistence in memory, remote control, spreading, multi-stage).
Licence: MIT (repository LICENSE).
URL:     https://github.com/greshake/llm-security

Extraction: puzzle files and .md files whole; .py files parsed with `ast` (never imported or
run; files that do not parse are skipped): string constants (module or class level, plain or f-string with only literal parts
kept) of >= 80 characters assigned to a name other than description/target/name/model.
Labelling rule: every extracted text was written as the planted payload → injection, except
the two clean carrier pages the payloads are planted beside (the Einstein article, the birds
page) → benign, and a how-to for the human tester → left out;
kind=web for puzzles and .md pages, memory_write for the persistence payload (it orders a
memory write), tool_output for the others; task from kind (memory / indirect).

Usage: greshake_llm_security.py --git-dir /work/.mirror/greshake+llm-security/repo
"""
import argparse, ast, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _shared_docs import head_commit, ls_files, show, write_jsonl  # noqa: E402

G = "greshake-llm-security"
REPO = "greshake/llm-security"
LIC = "MIT"
SKIP = {"description", "target", "name", "model"}
# clean carrier pages the scenarios plant their payloads beside → benign; a how-to for the human
# tester → left out
BENIGN = {"scenarios/common/albert_einstein.md", "scenarios/gpt3langchain/remote-control.py:current_website"}
LEFT_OUT = {"scenarios/code-completion/advanced-example/description.md"}


def literal(v):
    if isinstance(v, ast.Constant) and isinstance(v.value, str):
        return v.value
    if isinstance(v, ast.JoinedStr):
        return "".join(x.value for x in v.values if isinstance(x, ast.Constant) and isinstance(x.value, str))
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = head_commit(a.git_dir)
    rows, seen = [], set()

    def add(rid, t, kind, path):
        t = re.sub(r"\n[ \t]+", "\n", t).strip()
        if len(t) < 80 or t in seen or rid in LEFT_OUT:
            return
        seen.add(t)
        lab = "benign" if rid in BENIGN else "injection"
        rows.append({"id": f"{G}:{rid}", "text": t, "label": lab, "kind": kind, "lang": "en",
                     "task": "benign" if lab == "benign" else "memory" if kind == "memory_write" else "indirect",
                     "source": f"{REPO}@{commit}:{path}", "group": G, "license": LIC})

    for p in ls_files(a.git_dir, commit):
        if p.startswith("scenarios/puzzle/puzzles/") or (p.startswith("scenarios/") and p.endswith(".md")):
            add(p, show(a.git_dir, commit, p), "web", p)
        elif p.startswith("scenarios/") and p.endswith(".py"):
            try:
                tree = ast.parse(show(a.git_dir, commit, p))
            except SyntaxError:  # a deliberately truncated code-completion bait file
                continue
            for n in ast.walk(tree):
                if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name) and n.targets[0].id not in SKIP:
                    t = literal(n.value)
                    if t:
                        kind = "memory_write" if "persistence" in p else "tool_output"
                        add(f"{p}:{n.targets[0].id}", t, kind, p)
    write_jsonl(a.out, rows)
    print(f"{G}: wrote {len(rows)} records (commit {commit})")


if __name__ == "__main__":
    main()
