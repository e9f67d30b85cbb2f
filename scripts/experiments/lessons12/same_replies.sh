#!/bin/bash
# same_replies.sh BIN_A BIN_B ORIG_HOME: each binary on its own copy of ORIG_HOME (a home kept by
# `scripts/bench_hook.py BIN --lessons 10000 ... --keep DIR`, DIR/home): 8 prompts x 5 rounds in one
# session, each prompt followed by a successful `npm run` (PostToolUse, program family node: settles
# the session's node deliveries as hits, which renews their recency). Prints whether the replies
# are byte-identical, and both homes' `lessons stats --json`.
# Working folder: $SAME_REPLIES_DIR (default /tmp/lessons12/same).
set -e
A=$1; B=$2; ORIG=$3; W=${SAME_REPLIES_DIR:-/tmp/lessons12/same}; mkdir -p $W
prompts=("npm says the parser script is missing, run it with the right tool"
 "please add a theme section to the documentation and explain it"
 "pytest cannot import the yaml module"
 "cargo test fails with an undeclared crate in the widget"
 "docker compose cannot find the web service"
 "运行测试失败 pytest"
 "git push was rejected for the report branch"
 "the npm script for the loader is missing")
for side in a b; do
 BIN=$A; [ $side = b ] && BIN=$B
 H=$W/home.$side; rm -rf $H; cp -a $ORIG $H
 # the lessons belong to the project they were imported in: moved to this copy's project
 python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]+'/.hookward/state.db'); c.execute('UPDATE lessons SET project = ? WHERE project LIKE ?', (sys.argv[1]+'/project', '%/project')); c.commit()" "$H"
 : > $W/out.$side
 for round in 1 2 3 4 5; do
  for p in "${prompts[@]}"; do
   python3 -c "import json,sys; print(json.dumps({'session_id':'same','cwd':sys.argv[1]+'/project','hook_event_name':'UserPromptSubmit','prompt':sys.argv[2],'transcript_path':sys.argv[1]+'/t.jsonl'}))" "$H" "$p" > $W/p.json
   env -i PATH=/usr/bin:/bin HOME=$H HOOKWARD_HOME=$H/.hookward CLAUDE_PROJECT_DIR=$H/project $BIN hook claude-code < $W/p.json >> $W/out.$side
   echo >> $W/out.$side
   python3 -c "import json,sys; print(json.dumps({'session_id':'same','cwd':sys.argv[1]+'/project','hook_event_name':'PostToolUse','tool_name':'Bash','tool_input':{'command':'npm run build'},'tool_response':{'stdout':'ok','stderr':'','interrupted':False,'isImage':False}}))" "$H" > $W/t.json
   env -i PATH=/usr/bin:/bin HOME=$H HOOKWARD_HOME=$H/.hookward CLAUDE_PROJECT_DIR=$H/project $BIN hook claude-code < $W/t.json >> $W/out.$side
   echo >> $W/out.$side
  done
 done
 (cd $H/project && env -i PATH=/usr/bin:/bin HOME=$H HOOKWARD_HOME=$H/.hookward $BIN lessons stats --json) > $W/stats.$side
done
echo "replies: $(wc -l < $W/out.a); lessons shown: $(grep -o 'L[0-9][0-9]*' $W/out.a | wc -l) (distinct $(grep -o 'L[0-9][0-9]*' $W/out.a | sort -u | wc -l))"
cmp $W/out.a $W/out.b && echo "IDENTICAL replies"
echo "stats a: $(cat $W/stats.a)"; echo "stats b: $(cat $W/stats.b)"
