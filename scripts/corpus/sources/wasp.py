#!/usr/bin/env python3
"""WASP (Web Agent Security against Prompt injection, Evtimov et al. 2025) -- facebookresearch/wasp.

Source:  https://github.com/facebookresearch/wasp
Files:   webarena_prompt_injections/configs/experiment_config.raw.json (21 attacker goals + params)
         webarena_prompt_injections/constants.py (4 injection message templates, user goals) --
         read with `ast` (string constants only; nothing is executed)
Licence: CC-BY-NC-4.0 (repository LICENSE: Attribution-NonCommercial 4.0 International)

Labelling:
  injection (kind web, task indirect): the injection text WASP plants into a GitLab issue or a
      Reddit post, instantiated exactly as prompt_injector._prepare_injection does: every attacker
      goal x every injection format (goal-hijacking / generic, plain-text / URL) x every user goal of
      that environment. Domains are set to WebArena's default local ports
      (gitlab http://localhost:8023, reddit http://localhost:9999).
  No benign items: the repository ships no clean web content (the pages live in WebArena docker
  images).

Usage: python3 wasp.py --git-dir /work/.mirror/facebookresearch+wasp/repo
"""
import argparse
import ast
import json
import subprocess
import sys

GROUP = "wasp"
LICENSE = "CC-BY-NC-4.0"
CFG = "webarena_prompt_injections/configs/experiment_config.raw.json"
CONST = "webarena_prompt_injections/constants.py"
DOMAINS = {"gitlab_domain": "http://localhost:8023", "reddit_domain": "http://localhost:9999"}


def git_show(git_dir, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"],
                          check=True, capture_output=True).stdout.decode("utf-8")


def read_constants(src):
    tree = ast.parse(src)
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    fmt = classes["PromptInjectionFormat"]
    names, message = {}, {}
    for st in fmt.body:
        if isinstance(st, ast.Assign) and isinstance(st.targets[0], ast.Name):
            tgt = st.targets[0].id
            if isinstance(st.value, ast.Constant):
                names[tgt] = st.value.value
            elif tgt == "MESSAGE" and isinstance(st.value, ast.Dict):
                for k, v in zip(st.value.keys, st.value.values):
                    message[names[k.id]] = v.value
    goals = {}
    for env, cls in (("gitlab", "GitlabUserGoals"), ("reddit", "RedditUserGoals")):
        for st in classes[cls].body:
            if isinstance(st, ast.Assign) and getattr(st.targets[0], "id", "") == "GOALS":
                goals[env] = [e.value for e in st.value.elts]
    return message, goals


def goal_str(goal):
    g = goal.lower()
    if "comment" in g:
        return "comment"
    if "upvote" in g:
        return "upvote"
    if "thumbs_up" in g:
        return "like"
    return "complete user instruction"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default="/work/data/raw/wasp.jsonl")
    a = ap.parse_args()
    commit = subprocess.run(["git", "--git-dir", a.git_dir, "rev-parse", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    message, goals = read_constants(git_show(a.git_dir, CONST))
    cfgs = json.loads(git_show(a.git_dir, CFG))["prompt_injections_setup_config"]
    src = f"facebookresearch/wasp@{commit}:{CFG} + {CONST}"
    out, seen = [], set()
    params = dict(DOMAINS)  # accumulates across configs, as in prompt_injector._prepare_injection
    for ci, c in enumerate(cfgs):
        params.update(c["parameters"])
        url = c["action_url"].format(**params)
        for fname in sorted(message):
            instr = c["instruction"].format(**params)
            if "url_injection" in fname:
                instr = instr.replace(" ", "-")
            for gi, g in enumerate(goals[c["environment"]]):
                t = message[fname].format(user_goal_str=goal_str(g), instantiated_url_of_action=url,
                                          instantiated_instruction_text=instr)
                if t in seen:
                    continue
                seen.add(t)
                out.append({"id": f"{GROUP}:{c['environment']}:{ci}:{fname}:goal{gi}", "text": t,
                            "label": "injection", "kind": "web", "lang": "en", "task": "indirect",
                            "source": src, "group": GROUP, "license": LICENSE})
    out.sort(key=lambda r: r["id"])
    assert len({r["id"] for r in out}) == len(out)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{a.out}: {len(out)} injection, 0 benign", file=sys.stderr)


if __name__ == "__main__":
    main()
