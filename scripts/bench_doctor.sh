#!/usr/bin/env bash
# Whole-process time of `hookward doctor` on a generated store of N decisions (issue 15:
# doctor must not read the whole store). Usage:
#   scripts/bench_doctor.sh [BINARY] [N] [RUNS]     (defaults: target/debug/hookward 1000000 5)
# Everything lives in a temporary HOME that is removed afterwards. The rows are copies of one
# real decision the binary itself recorded, with a ~800-byte input (the size issue 15 measured:
# 827 MB at 1M rows). Prints the median and each run, in ms.
set -euo pipefail
BIN=$(realpath "${1:-target/debug/hookward}")
N=${2:-1000000}
RUNS=${3:-5}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export HOME="$TMP/home" HOOKWARD_HOME="$TMP/home/.hookward"
mkdir -p "$HOME/project"
cd "$HOME/project"
echo '{"session_id":"b","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"cwd":"'"$HOME/project"'"}' \
  | "$BIN" hook claude-code >/dev/null
python3 - "$HOOKWARD_HOME/state.db" "$N" <<'PY'
import sqlite3, sys
db, n = sys.argv[1], int(sys.argv[2])
c = sqlite3.connect(db)
cols = "ts_ms, agent, event, tool, tool_kind, session, cwd, input, facts, decision, reply, rule_ids, reasons, elapsed_us"
row = list(c.execute(f"SELECT {cols} FROM decisions LIMIT 1").fetchone())
row[7] = '{"command": "' + "x" * 780 + '"}'
c.execute("BEGIN")
batch = []
for i in range(n - 1):
    r = list(row); r[0] = row[0] - (n - i) * 1000
    batch.append(r)
    if len(batch) == 10000:
        c.executemany(f"INSERT INTO decisions ({cols}) VALUES ({','.join('?'*14)})", batch); batch = []
if batch:
    c.executemany(f"INSERT INTO decisions ({cols}) VALUES ({','.join('?'*14)})", batch)
c.commit()
c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
c.close()
PY
echo "store: $(du -m "$HOOKWARD_HOME/state.db" | cut -f1) MB, $N decisions"
times=()
for _ in $(seq "$RUNS"); do
  s=$(date +%s%N)
  "$BIN" doctor >/dev/null 2>&1 || true
  e=$(date +%s%N)
  times+=($(( (e - s) / 1000000 )))
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
echo "doctor ms: median $(echo "$sorted" | sed -n "$(( (RUNS + 1) / 2 ))p"), runs ${times[*]}"
