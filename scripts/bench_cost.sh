#!/usr/bin/env bash
# Times `hookward cost` over a generated Claude Code transcript tree (issue 21).
# Usage: scripts/bench_cost.sh [BINARY] [FILES_PER_PROJECT] — default target/debug/hookward, 10.
# 20 projects × FILES × 1000 assistant lines of ~780 bytes each (10 files: 200,000 lines,
# 155 MB); every line has its own request id. Writes only into a temporary HOME, removed after.
set -euo pipefail
bin=${1:-target/debug/hookward}
files=${2:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" "$files" <<'PY'
import sys, os, json
root, files = sys.argv[1] + "/.claude/projects", int(sys.argv[2])
for p in range(20):
    d = f"{root}/-work-p{p}"; os.makedirs(d)
    for s in range(files):
        with open(f"{d}/s{s}.jsonl", "w") as f:
            for i in range(1000):
                f.write(json.dumps({"cwd": f"/work/p{p}", "sessionId": f"p{p}s{s}", "type": "assistant",
                    "message": {"id": f"msg_{p}_{s}_{i}", "model": "claude-sonnet-4-5-20250929",
                                "content": [{"type": "text", "text": "x" * 400}],
                                "usage": {"input_tokens": 10, "cache_creation_input_tokens": 100,
                                          "cache_read_input_tokens": 1000, "output_tokens": 50}},
                    "requestId": f"req_{p}_{s}_{i}", "timestamp": "2026-12-01T10:00:00Z"}) + "\n")
PY
du -sh "$tmp"
for run in 1 2; do
  /usr/bin/time -f "run $run: %e s wall, %M KB max RSS" env HOME="$tmp" "$bin" cost --as-of 2026-12-02 --period all >/dev/null
done
