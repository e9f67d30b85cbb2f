#!/usr/bin/env python3
"""Real agent instruction files from popular public GitHub repositories
(group `agent-files-github`), all labelled benign.

Source:  the newest snapshot of each repository passed with --git-dir (bare git dirs,
         e.g. /work/.mirror/<owner>+<name>/repo); the commit read is HEAD and is
         recorded in every item's `source` as owner/repo@commit:path.
Files:   CLAUDE.md, AGENTS.md, GEMINI.md, .cursorrules, .windsurfrules,
         .clinerules/**, .cursor/rules/*.mdc, .github/copilot-instructions.md,
         .github/instructions/*.md, .claude/{commands,agents,rules}/*.md and SKILL.md,
         anywhere in the tree except vendored/test paths (node_modules, test/, tests/,
         fixtures/, test-data/, testdata/, __snapshots__).
Licence: per repository, detected from its root LICENSE/COPYING file text (MIT,
         Apache-2.0, BSD-2/3-Clause, MPL-2.0, GPL/AGPL, FSL ...) and written into each
         item's `license`; a repository whose licence cannot be recognised is skipped.
URL:     https://github.com/<owner>/<repo> for each repository listed in the output.

Labelling rule: every file is the maintainers' own guidance to coding agents ->
label=benign, task=benign; kind=skill_file for SKILL.md, else instruction_file.
Files are chunked at blank-line paragraph boundaries to <= 4000 chars; exact duplicate
chunks (CLAUDE.md that repeats AGENTS.md, plugin copies) are kept once, first in
(repo, path) order; chunks under 40 chars (e.g. a bare "@AGENTS.md") are dropped.
At most 40 files per repository are taken (root files first, then path order) so
that no single repository dominates.

Usage: agent_files_github.py --git-dir DIR [--git-dir DIR ...] [--out FILE]
The owner/repo name is taken from the mirror path (<owner>+<name>/repo) or --name-map.
"""
import argparse, hashlib, json, os, re, subprocess
from collections import Counter

G = "agent-files-github"
PAT = re.compile(r"(^|/)(CLAUDE\.md|AGENTS\.md|GEMINI\.md|\.cursorrules|\.windsurfrules)$"
                 r"|(^|/)\.clinerules(/.*)?$|(^|/)\.cursor/rules/.*\.mdc$"
                 r"|^\.github/copilot-instructions\.md$|^\.github/instructions/.*\.md$"
                 r"|(^|/)\.claude/(commands|agents|rules)/.*\.md$|(^|/)SKILL\.md$")
SKIP = re.compile(r"(^|/)(node_modules|tests?|fixtures?|test-data|testdata|__snapshots__|vendor)/")
MAX_FILES = 40


def git(gd, *a):
    return subprocess.run(["git", "--git-dir", gd, *a], check=True, capture_output=True).stdout


def chunk(text, limit=4000):
    """Split at blank-line paragraph boundaries into pieces of <= limit chars."""
    text = text.replace("\r\n", "\n").strip()
    if len(text) <= limit:
        return [text] if text else []
    pieces = []
    for p in re.split(r"\n\s*\n", text):
        while len(p) > limit:
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


def guess_lang(t):
    n = max(1, len(t))
    if len(re.findall(r"[\u3040-\u30ff]", t)) / n > 0.02:
        return "ja"
    if len(re.findall(r"[\uac00-\ud7af]", t)) / n > 0.05:
        return "ko"
    if len(re.findall(r"[\u4e00-\u9fff]", t)) / n > 0.05:
        return "zh"
    if len(re.findall(r"[\u0400-\u04ff]", t)) / n > 0.2:
        return "ru"
    return "en"


def detect_license(gd, commit, files):
    cands = [f for f in files if re.match(r"(?i)^(licen[sc]e|copying)([-._].*)?$", f)]
    found = []
    for f in sorted(cands):
        t = git(gd, "show", f"{commit}:{f}").decode("utf-8", "replace")[:6000]
        l = t.lower()
        if "functional source license" in l:
            found.append("FSL-1.1-" + ("Apache-2.0" if "apache" in l else "MIT"))
        elif "apache license" in l and "version 2.0" in l:
            found.append("Apache-2.0")
        elif "permission is hereby granted, free of charge" in l:
            found.append("MIT")
        elif "mozilla public license" in l and "2.0" in l:
            found.append("MPL-2.0")
        elif "gnu affero general public license" in l:
            found.append("AGPL-3.0")
        elif "gnu general public license" in l:
            found.append("GPL-3.0" if "version 3" in l else "GPL-2.0")
        elif "redistribution and use in source and binary forms" in l:
            found.append("BSD-3-Clause" if "neither the name" in l or "names of its" in l else "BSD-2-Clause")
        elif "elastic license" in l:
            found.append("Elastic-2.0")
    found = sorted(set(found))
    return " OR ".join(found) if found else None


def repo_name(gd, name_map):
    gd = os.path.normpath(gd)
    if gd in name_map:
        return name_map[gd]
    base = os.path.basename(os.path.dirname(gd)) if os.path.basename(gd) == "repo" else os.path.basename(gd)
    return base.replace("+", "/", 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", action="append", required=True)
    ap.add_argument("--name-map", action="append", default=[], help="DIR=owner/repo")
    ap.add_argument("--out", default="/work/data/raw/agent-files-github.jsonl")
    a = ap.parse_args()
    name_map = {os.path.normpath(k): v for k, v in (m.split("=", 1) for m in a.name_map)}
    repos = sorted((repo_name(gd, name_map), gd) for gd in a.git_dir)
    rows, seen, per_repo = [], set(), Counter()
    for repo, gd in repos:
        commit = git(gd, "rev-parse", "HEAD").decode().strip()
        # ls-tree with modes: skip symlinks (120000) and submodules
        out = git(gd, "ls-tree", "-r", "-z", commit).decode("utf-8", "replace")
        files, allf = [], []
        for ent in out.split("\0"):
            if not ent:
                continue
            meta, path = ent.split("\t", 1)
            mode = meta.split()[0]
            allf.append(path)
            if mode in ("100644", "100755") and PAT.search(path) and not SKIP.search(path):
                files.append(path)
        lic = detect_license(gd, commit, [f for f in allf if "/" not in f])
        if not lic:
            print("skip (no recognised licence):", repo)
            continue
        files.sort(key=lambda p: (p.count("/") > 0 and not p.startswith("."), p.count("/"), p))
        files = files[:MAX_FILES]
        for path in sorted(files):
            text = git(gd, "show", f"{commit}:{path}").decode("utf-8", "replace")
            kind = "skill_file" if path.endswith("SKILL.md") else "instruction_file"
            for i, c in enumerate(chunk(text)):
                if len(c) < 40:
                    continue
                h = hashlib.sha256(c.encode()).hexdigest()
                if h in seen:
                    continue
                seen.add(h)
                per_repo[repo] += 1
                rows.append({"id": f"{G}:{repo}:{path}#{i}", "text": c, "label": "benign",
                             "kind": kind, "lang": guess_lang(c), "task": "benign",
                             "source": f"{repo}@{commit}:{path}", "group": G, "license": lic})
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(a.out, len(rows), dict(Counter(r["kind"] for r in rows)))
    for repo, n in sorted(per_repo.items()):
        lic = next(r["license"] for r in rows if r["source"].startswith(repo + "@"))
        print(f"  {repo}\t{n}\t{lic}")


if __name__ == "__main__":
    main()
