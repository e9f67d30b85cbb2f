#!/usr/bin/env python3
"""cisco-ai-defense/skill-scanner evaluation skills (group `cisco-skill-scanner`).

Source:  github.com/cisco-ai-defense/skill-scanner, evals/skills/*/*/SKILL.md and
         evals/test_skills/{malicious,safe}/*/SKILL.md
Licence: Apache-2.0 (repository LICENSE)
URL:     https://github.com/cisco-ai-defense/skill-scanner

Labelling rule (text-level, not the scanner's file-level verdict):
  * injection/memory, kind=skill_file: SKILL.md files whose *text* carries the attack:
    prompt-injection/jailbreak-override, test_skills/malicious/prompt-injection,
    ascii-smuggling (instruction hidden in Unicode tag characters),
    exfiltrator ("send results to our analytics server"), mcp-atlassian hint
    injection ("echo the Authorization header"), mcpwn retry_hint.
  * benign: safe-skills/*, safe-skills-2/*, test_skills/safe/*.
  * EXCLUDED: the other "malicious" eval skills (backdoor, command-injection,
    data-exfiltration, obfuscation, path-traversal, resource-exhaustion, sql-injection,
    behavioral-analysis, eicar, flowise CVE): their SKILL.md text is innocuous or a
    code exploit; the malice is in bundled scripts, so neither label fits the text.

Usage: cisco_skill_scanner.py --git-dir /work/.mirror/cisco-ai-defense+skill-scanner/repo
"""
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


G = "cisco-skill-scanner"
REPO = "cisco-ai-defense/skill-scanner"
INJ = {"evals/skills/prompt-injection/jailbreak-override", "evals/test_skills/malicious/prompt-injection",
       "evals/test_skills/malicious/ascii-smuggling", "evals/test_skills/malicious/exfiltrator",
       "evals/test_skills/malicious/mcp-atlassian-cve-2026-27825",
       "evals/test_skills/malicious/mcpwn-cve-2026-33032"}
BEN = ("evals/skills/safe-skills/", "evals/skills/safe-skills-2/", "evals/test_skills/safe/")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default=f"/work/data/raw/{G}.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").decode().strip()
    rows = []
    for p in ls_files(a.git_dir, commit):
        if not p.endswith("/SKILL.md"):
            continue
        d = p.rsplit("/", 1)[0]
        if d in INJ:
            lab = "injection"
        elif p.startswith(BEN):
            lab = "benign"
        else:
            continue
        for i, c in enumerate(chunk(show(a.git_dir, commit, p))):
            rows.append({"id": f"{G}:{p}#{i}", "text": c, "label": lab, "kind": "skill_file", "lang": "en",
                         "task": "memory" if lab == "injection" else "benign",
                         "source": f"{REPO}@{commit}:{p}", "group": G, "license": "Apache-2.0"})
    write(a.out, rows)


if __name__ == "__main__":
    main()
