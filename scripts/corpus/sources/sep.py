#!/usr/bin/env python3
"""SEP (Should it be Executed or Processed?) -- instruction/data separation dataset, Zverev et al. 2024/25.

Source:  https://github.com/egozverev/Should-It-Be-Executed-Or-Processed
Files:   SEP_dataset/interim_data_files/raw_data.json (generated task data = the "clean prompts"; each subtask
         entry is a JSON string with name/system_prompt/data, parsed here; unparsable entries skipped)
         SEP_dataset/source/probes.json (100 probe instructions; 50-99 are "insistent")
         (SEP_dataset.json itself is >4 MB and is rebuilt here the way SEP_dataset/insert_probes.py does)
Licence: the repository has no LICENSE file -> "unspecified (no LICENSE file)"; research dataset.

Labelling:
  injection (kind doc, task indirect): a clean data prompt (text / code / paragraph the model is asked
      to process) with one probe instruction prepended or appended with a single space, exactly as
      insert_probes.py builds "prompt_instructed" (data side only; the probe goes into the DATA, not
      the system prompt). Probes are benign-content questions ("Name the shape with three sides."),
      i.e. the injection is an out-of-place instruction inside data -- a subtle, task-hijacking case.
  benign (kind doc): clean data prompts ("prompt_clean"), from a disjoint random subset of bases.
  Sampling: random.Random(SEED); CAP items per label.

Usage: python3 sep.py --git-dir /work/.mirror/egozverev+Should-It-Be-Executed-Or-Processed/repo
"""
import argparse
import json
import random
import subprocess
import sys

GROUP = "sep"
LICENSE = "unspecified (no LICENSE file in repository)"
SEED = 2024
CAP = 1500
MAX_CHARS = 6000
DATA = "SEP_dataset/interim_data_files/raw_data.json"
PROBES = "SEP_dataset/source/probes.json"


def git_show(git_dir, path):
    return subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"],
                          check=True, capture_output=True).stdout.decode("utf-8")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--git-dir", required=True)
    ap.add_argument("--out", default="/work/data/raw/sep.jsonl")
    a = ap.parse_args()
    commit = subprocess.run(["git", "--git-dir", a.git_dir, "rev-parse", "HEAD"],
                            check=True, capture_output=True, text=True).stdout.strip()
    srcd = f"egozverev/Should-It-Be-Executed-Or-Processed@{commit}:{DATA}"
    srcp = f"egozverev/Should-It-Be-Executed-Or-Processed@{commit}:{PROBES}"
    data = json.loads(git_show(a.git_dir, DATA))["output"]
    probes = json.loads(git_show(a.git_dir, PROBES))
    bases, seen = [], set()
    for dom in sorted(k for k in data if k != "descr"):
        for task in sorted(k for k in data[dom] if k != "descr"):
            subs = []
            for grp in data[dom][task]["subtasks"]:
                for e in (grp if isinstance(grp, list) else [grp]):
                    if isinstance(e, str):
                        try:
                            e = json.loads(e)
                        except ValueError:
                            continue  # a few generator outputs are not valid JSON
                    if isinstance(e, dict) and isinstance(e.get("data"), list):
                        subs.append(e)
            for si, sub in enumerate(subs):
                for di, d in enumerate(sub["data"]):
                    if not isinstance(d, str):
                        d = json.dumps(d, ensure_ascii=False)
                    d = d.strip()
                    if not d or d in seen or len(d) > MAX_CHARS - 300:
                        continue
                    seen.add(d)
                    slug = "".join(c for c in task if c.isalnum())[:24]
                    bases.append((f"{slug}:{si}:{di}", d))
    rng = random.Random(SEED)
    rng.shuffle(bases)
    inj_b, ben_b = bases[:CAP], bases[CAP:2 * CAP]
    base = {"kind": "doc", "lang": "en", "group": GROUP, "license": LICENSE}
    out = []
    for bid, d in inj_b:
        pi = rng.randrange(len(probes))
        side = rng.choice("lr")
        pr = probes[pi]["instruction"]
        t = pr + " " + d if side == "l" else d + " " + pr
        out.append({"id": f"{GROUP}:{bid}:probe{pi}:{side}", "text": t, "label": "injection",
                    "task": "indirect", "source": srcd + " + " + srcp, **base})
    for bid, d in ben_b:
        out.append({"id": f"{GROUP}:{bid}:clean", "text": d, "label": "benign", "task": "benign",
                    "source": srcd, **base})
    out.sort(key=lambda r: r["id"])
    ids = [r["id"] for r in out]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open(a.out, "w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    n = sum(r["label"] == "injection" for r in out)
    print(f"{a.out}: {n} injection, {len(out) - n} benign (from {len(bases)} bases)", file=sys.stderr)


if __name__ == "__main__":
    main()
