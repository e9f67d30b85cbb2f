#!/bin/bash
# callgrind_hook.sh BIN LABEL (h-perf18): callgrind one hook process per event (PreToolUse Bash, UserPromptSubmit) on the
# home kept by `scripts/bench_hook.py BIN --runs 3 --keep /tmp/perf18/keep`, lessons off, after a warm-up call; prints Ir and the reply hash
BIN=$1; L=$2; H=/tmp/perf18/keep/home
mkdir -p /tmp/perf18/cg
for ev in bash prompt; do
 if [ $ev = bash ]; then
  python3 -c "import json,sys; print(json.dumps({'session_id':'cg1','cwd':sys.argv[1]+'/project','hook_event_name':'PreToolUse','tool_name':'Bash','tool_input':{'command':'git status && ls -la src'},'transcript_path':sys.argv[1]+'/t.jsonl'}))" $H > /tmp/perf18/cg/p.$ev.json
 else
  python3 -c "import json,sys; print(json.dumps({'session_id':'cg1','cwd':sys.argv[1]+'/project','hook_event_name':'UserPromptSubmit','prompt':'npm says the parser script is missing, run it with the right tool','transcript_path':sys.argv[1]+'/t.jsonl'}))" $H > /tmp/perf18/cg/p.$ev.json
 fi
 E="PATH=/usr/bin:/bin HOME=$H HOOKWARD_HOME=$H/.hookward CLAUDE_PROJECT_DIR=$H/project HOOKWARD_LESSONS=0"
 env -i $E $BIN hook claude-code < /tmp/perf18/cg/p.$ev.json > /dev/null 2>&1
 env -i $E valgrind --tool=callgrind --callgrind-out-file=/tmp/perf18/cg/cg.$L.$ev $BIN hook claude-code < /tmp/perf18/cg/p.$ev.json > /tmp/perf18/cg/out.$L.$ev 2>/tmp/perf18/cg/err.$L.$ev
 echo "$L $ev $(grep -o 'Collected : [0-9]*' /tmp/perf18/cg/err.$L.$ev) reply=$(md5sum < /tmp/perf18/cg/out.$L.$ev | cut -c1-8)"
done
