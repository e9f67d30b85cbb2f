#!/usr/bin/env python3
"""Replays labelled cases of the real-transcript set through the real binary and reports
agreement with the labels, false negatives and false positives, per source.

    python3 scripts/lessons_replay/replay.py --bin target/debug/hookward \
        scripts/lessons_replay/labels-1.json [--json out.json] [--verbose]

Each case (build.py) is written as one Claude Code transcript under a throwaway HOME
(`~/.claude/projects/-case/<session>.jsonl`), replayed with `hookward lessons audit --json`
(the hook's own episode and distillation code, lessons stored in a throwaway HOOKWARD_HOME),
and counted as *learned* when `hookward lessons list --all --json` holds a lesson whose
provenance names the case's failing call. Nothing in the transcripts is executed.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

DATA = Path(os.environ.get("LESSONS_REPLAY_DATA", "/work/shared/lessons-replay"))


def run_case(binary, case):
    with tempfile.TemporaryDirectory(prefix="lessons-replay-") as tmp:
        home = Path(tmp)
        proj = home / ".claude" / "projects" / "-case"
        proj.mkdir(parents=True)
        by_session = {}
        for ln in case["lines"]:
            by_session.setdefault(ln["sessionId"], []).append(ln)
        for s, lines in by_session.items():
            name = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in s)[:80]
            (proj / f"{name}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
        env = {
            "HOME": str(home),
            "HOOKWARD_HOME": str(home / ".hookward"),
            "PATH": os.environ.get("PATH", ""),
        }
        a = subprocess.run(
            [binary, "lessons", "audit", "--json"], env=env, capture_output=True, text=True
        )
        if a.returncode != 0:
            return {"error": a.stderr.strip()[:300]}
        audit = json.loads(a.stdout)
        l = subprocess.run(
            [binary, "lessons", "list", "--all", "--json"], env=env, capture_output=True, text=True
        )
        listed = json.loads(l.stdout) if l.returncode == 0 and l.stdout.strip() else {}
        lessons = listed.get("items", []) if isinstance(listed, dict) else listed
        mine = [
            x
            for x in lessons
            if (x.get("provenance") or {}).get("failing_call") == case["failing_call"]
        ]
        return {
            "learned": bool(mine),
            "prescription": mine[0].get("prescription") if mine else None,
            "symptom": mine[0].get("symptom") if mine else None,
            "failures": audit.get("failures"),
            "calls": audit.get("calls"),
        }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/debug/hookward")
    ap.add_argument("labels", nargs="+")
    ap.add_argument("--json", help="write per-case results here")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    cases = {}
    with open(DATA / "build" / "cases.jsonl") as f:
        for line in f:
            c = json.loads(line)
            cases[c["id"]] = c
    labels = []
    for p in a.labels:
        labels += json.load(open(p))["labels"]
    missing = [x["id"] for x in labels if x["id"] not in cases]
    if missing:
        sys.exit(f"{len(missing)} labelled cases not in the build (run build.py): {missing[:3]}")
    binary = str(Path(a.bin).resolve())
    with ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(lambda x: run_case(binary, cases[x["id"]]), labels))
    per = {}
    rows = []
    for lab, res in zip(labels, results):
        src = cases[lab["id"]]["source"]
        s = per.setdefault(src, {"n": 0, "agree": 0, "pos": 0, "fn": [], "fp": [], "err": 0})
        s["n"] += 1
        s["pos"] += lab["lesson"]
        if "error" in res:
            s["err"] += 1
            print(f"ERROR {lab['id']}: {res['error']}", file=sys.stderr)
            continue
        ok = res["learned"] == lab["lesson"]
        s["agree"] += ok
        if lab["lesson"] and not res["learned"]:
            s["fn"].append(lab["id"])
        if not lab["lesson"] and res["learned"]:
            s["fp"].append(lab["id"])
        rows.append(dict(lab, source=src, **res))
        if a.verbose or not ok:
            tag = "agree" if ok else ("FALSE NEG" if lab["lesson"] else "FALSE POS")
            print(f"{tag:9} {lab['id'][:110]}\n          label: {lab['why']}")
            if res["learned"]:
                print(f"          learned: {res['prescription']}  [{res['symptom']}]")
    tot = {"n": 0, "agree": 0, "pos": 0, "fn": [], "fp": [], "err": 0}
    print()
    print("| source | cases | labelled yes | agreement | false negatives | false positives |")
    print("| --- | --- | --- | --- | --- | --- |")
    for src, s in list(per.items()) + [("all", tot)]:
        if src != "all":
            for k in ("n", "agree", "pos", "err"):
                tot[k] += s[k]
            tot["fn"] += s["fn"]
            tot["fp"] += s["fp"]
        neg = s["n"] - s["pos"]
        print(
            f"| {src} | {s['n']} | {s['pos']} | {s['agree']}/{s['n']} = {100 * s['agree'] / max(s['n'], 1):.1f} % "
            f"| {len(s['fn'])}/{s['pos']} | {len(s['fp'])}/{neg} |"
        )
    if a.json:
        json.dump(rows, open(a.json, "w"), indent=1)


if __name__ == "__main__":
    main()
