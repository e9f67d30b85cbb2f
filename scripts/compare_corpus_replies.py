#!/usr/bin/env python3
"""Replies of two hookward binaries (e.g. before and after a change on the hook path, issue 15) on the injection dev corpus, as PostToolUse payloads:
each text as a WebFetch result (small, as it is) and as a Bash stdout padded with benign
filler to more than 64 KiB (so the large-string parse path runs). Prints the count of
differing replies. Usage: scripts/compare_corpus_replies.py BIN_A BIN_B [--step N] [--offset K]
(every Nth text from the Kth; the corpus lives in ../shared/corpus). Everything runs in a
temporary HOME; exit status 1 when any reply differs."""
import json, os, shutil, subprocess, sys, tempfile
CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus", "injection-dev.jsonl")
a, b = sys.argv[1], sys.argv[2]
step = int(sys.argv[sys.argv.index("--step") + 1]) if "--step" in sys.argv else 1
offset = int(sys.argv[sys.argv.index("--offset") + 1]) if "--offset" in sys.argv else 0
items = [json.loads(l) for l in open(CORPUS) if l.strip()][offset::step]
filler = "compiling crate v0.1.0; test result: ok. 12 passed; 0 failed\n" * 1200  # ~70 KiB
tmp = tempfile.mkdtemp(prefix="hw-mem15-cmp-")
home = os.path.join(tmp, "home"); proj = os.path.join(home, "project"); os.makedirs(proj)
env = {"PATH": "/usr/bin:/bin", "HOME": home, "HOOKWARD_HOME": os.path.join(home, ".hookward")}
def fetch(t):
    return json.dumps({"session_id": "s", "cwd": proj, "hook_event_name": "PostToolUse", "tool_name": "WebFetch",
        "tool_input": {"url": "https://docs.example.com/p", "prompt": "Summarize"},
        "tool_response": {"bytes": len(t), "code": 200, "codeText": "OK", "result": t, "url": "https://docs.example.com/p"},
        "tool_use_id": "t"}).encode()
def bash(t):
    return json.dumps({"session_id": "s", "cwd": proj, "hook_event_name": "PostToolUse", "tool_name": "Bash",
        "tool_input": {"command": "cargo test"},
        "tool_response": {"stdout": filler + t + "\n" + filler, "stderr": "", "interrupted": False},
        "tool_use_id": "t"}).encode()
diff = n = nonempty = 0
for it in items:
    for mk in (fetch, bash):
        data = mk(it["text"])
        outs = [subprocess.run([x, "hook", "claude-code"], input=data, capture_output=True, env=env) for x in (a, b)]
        n += 1
        if outs[0].stdout: nonempty += 1
        if (outs[0].stdout, outs[0].returncode) != (outs[1].stdout, outs[1].returncode):
            diff += 1
            print("DIFF", it.get("id"), mk.__name__, outs[0].stdout[:200], outs[1].stdout[:200])
print(f"{n} payloads ({len(items)} corpus texts x 2 shapes), {nonempty} non-empty replies, {diff} differing")
shutil.rmtree(tmp, ignore_errors=True)
sys.exit(1 if diff else 0)
