#!/usr/bin/env python3
"""MCP tool-poisoning and agent-trap payloads (group `mcp-injection-experiments`).

Source:  github.com/johannhartmann/mcp-injection-experiments (a maintained fork of
         invariantlabs-ai/mcp-injection-experiments, whose original snapshot is not
         available here): root direct-poisoning.py, shadowing.py, whatsapp-takeover.py
         (Invariant Labs' original tool-poisoning PoCs) and src/mcp_demo/experiments/*.py.
Licence: NOASSERTION - neither the fork nor the upstream has a licence file; use only
         for internal evaluation, do not redistribute the texts.
URL:     https://github.com/johannhartmann/mcp-injection-experiments

Extraction: files are parsed with `ast` (never imported or run).  Taken are
(a) docstrings of functions decorated with *.tool() - they are the MCP tool
descriptions a client shows the model - and (b) module-level string constants
(literal-evaluable) of >= 60 chars whose names appear in LABELS below.

Labelling rule: tool docstrings containing "<IMPORTANT>" -> injection, kind=mcp_tool,
task=indirect; other tool docstrings -> benign mcp_tool.  Constants are labelled by
the hand table LABELS (poisoned tool descriptions -> mcp_tool/indirect; poisoned
memory notes -> memory_write/memory; hidden-HTML support page, GitHub issue body,
git diff, sampling prompt -> web/code/tool_output, indirect; the benign mail tool
description -> benign).  Caveat: _SUPPORT_PAGE_HTML (ClickFix) is social engineering
aimed at a user/agent ("open the terminal and run the repair tool") rather than an
explicit instruction override; labelled injection but debatable.

Usage: mcp_injection_experiments.py --git-dir /work/.mirror/johannhartmann+mcp-injection-experiments/repo
"""
import ast
import argparse, hashlib, json, re, subprocess
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _shared_docs import chunk, git, guess_lang, ls_files, show  # noqa: E402



def write(out, rows):
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    from collections import Counter
    print(out, len(rows), dict(Counter(r["label"] for r in rows)))


G = "mcp-injection-experiments"
REPO = "johannhartmann/mcp-injection-experiments"
LIC = "NOASSERTION"
# constant name -> (label, kind, task)
LABELS = {
    "POISONED_DESCRIPTION": ("injection", "mcp_tool", "indirect"),
    "_POISONED_DESCRIPTION": ("injection", "mcp_tool", "indirect"),
    "HELPER_DESCRIPTION": ("injection", "mcp_tool", "indirect"),
    "MAIL_DESCRIPTION": ("benign", "mcp_tool", "benign"),
    "_POISONED_NOTE": ("injection", "memory_write", "memory"),
    "_HIDDEN_HTML": ("injection", "web", "indirect"),
    "_SUPPORT_PAGE_HTML": ("injection", "web", "indirect"),
    "_PUBLIC_ISSUE_BODY": ("injection", "web", "indirect"),
    "_GIT_DIFF": ("injection", "code", "indirect"),
    "_ATTACK_PROMPT": ("injection", "tool_output", "indirect"),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    rows, seen = [], set()

    def add(rid, text, lab, kind, task, path):
        if text in seen:
            return
        seen.add(text)
        rows.append({"id": f"{G}:{rid}", "text": text, "label": lab, "kind": kind, "lang": "en", "task": task,
                     "source": f"{REPO}@{commit}:{path}", "group": G, "license": LIC})

    for p in ls_files(a.git_dir, commit):
        if not re.fullmatch(r"[a-z-]+\.py|src/mcp_demo/experiments/[a-z_]+\.py", p):
            continue
        tree = ast.parse(show(a.git_dir, commit, p))
        for st in tree.body:
            if isinstance(st, ast.Assign) and isinstance(st.targets[0], ast.Name) and st.targets[0].id in LABELS:
                try:
                    v = ast.literal_eval(st.value)
                except ValueError:
                    continue
                if isinstance(v, str) and len(v) >= 60:
                    add(f"{p}:{st.targets[0].id}", v.strip(), *LABELS[st.targets[0].id], p)
        for n in ast.walk(tree):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                    "tool" in ast.unparse(d) for d in n.decorator_list):
                ds = ast.get_docstring(n)
                if ds:
                    inj = "<IMPORTANT>" in ds
                    add(f"{p}:tool:{n.name}", ds, "injection" if inj else "benign", "mcp_tool",
                        "indirect" if inj else "benign", p)
    write(a.out, rows)


if __name__ == "__main__":
    main()
