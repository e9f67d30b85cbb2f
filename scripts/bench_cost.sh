#!/usr/bin/env bash
# Times `hookward cost` and the incremental index over a generated Claude Code transcript tree
# (issue 21). Writes only into a temporary HOME (with its own HOOKWARD_HOME), removed after.
#
# Usage: scripts/bench_cost.sh [BINARY] [FILES_PER_PROJECT] [INDEX_EXAMPLE]
#   BINARY             default target/debug/hookward; `-` runs only INDEX_EXAMPLE
#   FILES_PER_PROJECT  default 10: 20 projects × FILES × 1000 assistant lines of ~780 bytes
#                      (10: 200,000 lines, ~155 MB; 65: 1.3 M lines, ~1 GB)
#   INDEX_EXAMPLE      optional, run first: e.g. target/release/examples/index_tree (built by
#                      `cargo build --release -p hookward-cost --example index_tree`): the index
#                      alone plus the sum, into a store of its own (removed after), first run
#                      and unchanged re-run
#
# Runs, each timed with /usr/bin/time (wall, max RSS):
#   1. `hookward cost --period all` on a fresh store: the first index of every file, then the sum
#   2. the same again, nothing changed: a stat per file, the sum from the index
#   3. after appending 1,000 lines to one file: only those are read
#   4. after rewriting one file with other content: that file is read again from the start
# Every line has its own request id; the expected total is printed beside the measured one.
set -euo pipefail
bin=${1:-target/debug/hookward}
files=${2:-10}
example=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" "$files" <<'PY'
import sys, os, json
root, files = sys.argv[1] + "/.claude/projects", int(sys.argv[2])
tpl = json.dumps({"cwd": "@CWD", "sessionId": "@SID", "type": "assistant",
    "message": {"id": "@MID", "model": "claude-sonnet-4-5-20250929",
                "content": [{"type": "text", "text": "x" * 400}],
                "usage": {"input_tokens": 10, "cache_creation_input_tokens": 100,
                          "cache_read_input_tokens": 1000, "output_tokens": 50}},
    "requestId": "@RID", "timestamp": "2026-12-01T10:00:00Z"}) + "\n"
for p in range(20):
    d = f"{root}/-work-p{p}"; os.makedirs(d)
    cwd = f"/work/p{p}"
    for s in range(files):
        sid = f"p{p}s{s}"
        head = tpl.replace("@CWD", cwd).replace("@SID", sid)
        with open(f"{d}/s{s}.jsonl", "w") as f:
            f.write("".join(head.replace("@MID", f"msg_{p}_{s}_{i}").replace("@RID", f"req_{p}_{s}_{i}")
                            for i in range(1000)))
PY
du -sh "$tmp/.claude"
lines=$((20 * files * 1000))
echo "expected: $lines requests, \$$(python3 -c "print(f'{$lines * 0.001455:.4f}')") (each \$0.001455)"
if [ -n "$example" ]; then
  # the index alone (release example), into its own store, removed before the CLI runs
  for run in 1 2; do
    /usr/bin/time -f "   (index_tree run $run: %e s wall, %U s user, %S s sys, %M KB max RSS)" "$example" "$tmp" "$tmp/index-only.db"
  done
  du -sh "$tmp/index-only.db"
  rm -f "$tmp"/index-only.db*
fi
run() {
  /usr/bin/time -f "$1: %e s wall, %U s user, %S s sys, %M KB max RSS" env -i PATH="$PATH" HOME="$tmp" HOOKWARD_HOME="$tmp/.hookward" \
    "$bin" cost --as-of 2026-12-02 --period all --json > "$tmp/out.json"
  python3 -c "import json,sys; d=json.load(open(sys.argv[1])); t=d['total']; i=d['index']; print(f\"   total {t['requests']} requests \${t['cost_usd']}; read {i['files_changed']} files, {i['bytes_read']} bytes, {i['files_reread']} from the start\")" "$tmp/out.json"
}
if [ "$bin" = "-" ]; then exit 0; fi
run "1 first index"
run "2 unchanged"
python3 - "$tmp" <<'PY'
import sys
root = sys.argv[1] + "/.claude/projects/-work-p0"
line = open(f"{root}/s0.jsonl").readline()
with open(f"{root}/s0.jsonl", "a") as f:
    f.write("".join(line.replace("msg_0_0_0", f"msg_new_{i}").replace("req_0_0_0", f"req_new_{i}") for i in range(1000)))
PY
echo "   (1,000 lines appended to one file: expected $((lines + 1000)) requests)"
run "3 appended"
python3 - "$tmp" <<'PY'
import sys
p = sys.argv[1] + "/.claude/projects/-work-p1/s0.jsonl"
text = open(p).read()
open(p, "w").write(text.replace('"cwd": "/work/p1"', '"cwd": "/work/p1x"'))
PY
echo "   (one file rewritten, same requests: expected $((lines + 1000)) requests)"
run "4 rewritten"
du -sh "$tmp/.hookward/state.db"
