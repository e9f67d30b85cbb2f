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


def git(gd, *a):
    return subprocess.run(["git", "--git-dir", gd, *a], check=True, capture_output=True).stdout


def ls_files(gd, commit):
    out = git(gd, "ls-tree", "-r", "-z", "--name-only", commit).decode("utf-8", "replace")
    return sorted(p for p in out.split("\0") if p)


def show(gd, commit, path):
    return git(gd, "show", f"{commit}:{path}").decode("utf-8", "replace")


def chunk(text, limit=4000):
    """Split at blank-line paragraph boundaries into pieces of <= limit chars."""
    text = text.replace("\r\n", "\n").strip()
    if len(text) <= limit:
        return [text] if text else []
    paras = re.split(r"\n\s*\n", text)
    pieces = []
    for p in paras:
        while len(p) > limit:  # oversize paragraph: cut at a line break, else hard
            cut = p.rfind("\n", 0, limit)
            if cut < limit // 2:
                cut = limit
            pieces.append(p[:cut])
            p = p[cut:].lstrip("\n")
        pieces.append(p)
    out, cur = [], ""
    for p in pieces:
        if not p.strip():
            continue
        if cur and len(cur) + 2 + len(p) > limit:
            out.append(cur)
            cur = p
        else:
            cur = f"{cur}\n\n{p}" if cur else p
    if cur:
        out.append(cur)
    return out


def write(out, rows):
    with open(out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    from collections import Counter
    print(out, len(rows), dict(Counter(r["label"] for r in rows)))


def guess_lang(t):
    """Crude script-based guess; default en."""
    n = max(1, len(t))
    kana = len(re.findall(r"[\u3040-\u30ff]", t))
    han = len(re.findall(r"[\u4e00-\u9fff]", t))
    hangul = len(re.findall(r"[\uac00-\ud7af]", t))
    cyr = len(re.findall(r"[\u0400-\u04ff]", t))
    if kana / n > 0.02:
        return "ja"
    if hangul / n > 0.05:
        return "ko"
    if han / n > 0.05:
        return "zh"
    if cyr / n > 0.2:
        return "ru"
    return "en"


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
