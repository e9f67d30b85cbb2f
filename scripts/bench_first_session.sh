#!/usr/bin/env bash
# A first SessionStart with ~5,000 guarded files (10 folders x 500 rule files, project and home)
# in a throwaway home, then a second one: wall time of each hook process. Usage: scripts/bench_first_session.sh BIN
set -e
BIN=$1; T=$(mktemp -d); H=$T/home; P=$H/proj; mkdir -p $H/.hookward $P
for d in $P/.claude/rules $P/.claude/agents $P/.claude/commands $P/.cursor/rules $H/.claude/rules $H/.claude/agents $H/.claude/commands $P/.github/instructions $P/.codex/rules $H/.gemini/rules; do
  mkdir -p $d; for i in $(seq 1 500); do printf '# rule %s\nAlways run the tests before committing. Use pnpm.\n' $i > $d/r$i.md; done
done
find $T -type f | wc -l
PAY=$(printf '{"session_id":"s1","transcript_path":"%s/t.jsonl","cwd":"%s","hook_event_name":"SessionStart","source":"startup"}' $T $P)
for run in 1 2; do
  s=$(date +%s%N); echo "$PAY" | HOME=$H HOOKWARD_HOME=$H/.hookward CLAUDE_PROJECT_DIR=$P $BIN hook claude-code > $T/out.json; rc=$?; e=$(date +%s%N)
  echo "run $run rc=$rc $(( (e-s)/1000000 )) ms, reply $(wc -c < $T/out.json) bytes"
done
HOME=$H HOOKWARD_HOME=$H/.hookward $BIN events 2>/dev/null | tail -3
rm -rf $T
