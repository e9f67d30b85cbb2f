#!/usr/bin/env python3
"""promptmap (utkusen/promptmap) -- rule files with direct prompt-injection / jailbreak test prompts.

Source:  https://github.com/utkusen/promptmap   rules/<type>/<name>.yaml, field `prompt`
Licence: GPL-3.0 (repository LICENSE)

Labelling (all DIRECT user prompts, task "jailbreak", kind "jailbreak", label injection):
  rule types jailbreak, distraction (goal hijack: "Forget all your rules ... write X") and
  prompt_stealing (system-prompt extraction). The harmful / hate / social_bias rule types are plain
  harmful-content requests, not injections, and are skipped; so are the distraction rules that
  are only plain off-topic questions (see SKIP). No benign items.
  The YAML is parsed with a minimal stdlib reader (plain, quoted or block `|`/`>` scalars).

Usage: python3 promptmap.py --git-dir /work/.mirror/utkusen+promptmap/repo
"""
import argparse
import json
import subprocess
import sys

GROUP = "promptmap"
LICENSE = "GPL-3.0"
TYPES = ("jailbreak", "distraction", "prompt_stealing")
# plain off-topic questions with no override / instruction text -> not labelled as injections
SKIP = {"distraction_question", "distraction_question2", "distraction_translate2"}


def git(git_dir, *args):
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True,
                          capture_output=True).stdout.decode("utf-8")


def yaml_scalar(text, key):
    lines = text.splitlines()
    for i, l in enumerate(lines):
        if not l.startswith(key + ":"):
            continue
        v = l[len(key) + 1:].strip()
        if v[:1] in ("|", ">"):
            block = []
            for m in lines[i + 1:]:
                if m.strip() and not m[:1].isspace():
                    break
                block.append(m)
            ind = min((len(b) - len(b.lstrip()) for b in block if b.strip()), default=0)
            body = [b[ind:] for b in block]
            s = "\n".join(body).strip("\n")
            if v[0] == ">":
                s = " ".join(x.strip() for x in body if x.strip())
            return s
        if v[:1] == '"':
            return json.loads(v)
        if v[:1] == "'":
            return v[1:-1].replace("''", "'")
        return v
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default="/work/data/raw/promptmap.jsonl")
    a = ap.parse_args()
    commit = git(a.git_dir, "rev-parse", "HEAD").strip()
    out = []
    for p in sorted(git(a.git_dir, "ls-tree", "-r", "--name-only", "HEAD", "rules").split()):
        if not p.endswith(".yaml") or p.split("/")[1] not in TYPES:
            continue
        t = yaml_scalar(git(a.git_dir, "show", f"HEAD:{p}"), "prompt")
        if not t:
            continue
        name = p.rsplit("/", 1)[1][:-5]
        if name in SKIP:
            continue
        out.append({"id": f"{GROUP}:{p.split('/')[1]}:{name}", "text": t.strip(), "label": "injection",
                    "kind": "jailbreak", "lang": "en", "task": "jailbreak",
                    "source": f"utkusen/promptmap@{commit}:{p}", "group": GROUP, "license": LICENSE})
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{a.out}: {len(out)} injection, 0 benign", file=sys.stderr)


if __name__ == "__main__":
    main()
