#!/bin/bash
# same_replies.sh BIN_A BIN_B (h-lessons10): needs the home kept by
# `scripts/bench_hook.py BIN --lessons 10000 ... --keep /tmp/l10home`; work folder /tmp/l10.
# home restored from one copy before each binary; prints whether the replies are identical.
set -e
mkdir -p /tmp/l10
A=$1; B=$2
rm -rf /tmp/l10/orig; cp -a /tmp/l10home /tmp/l10/orig
prompts=("npm says the parser script is missing, run it with the right tool"
 "please add a theme section to the documentation and explain it"
 "pytest cannot import the yaml module"
 "cargo test fails with an undeclared crate in the widget"
 "docker compose cannot find the web service"
 "运行测试失败 pytest"
 "git push was rejected for the report branch"
 "the npm script for the loader is missing")
H=/tmp/l10home/home
for side in a b; do
 BIN=$A; [ $side = b ] && BIN=$B
 rm -rf /tmp/l10home; cp -a /tmp/l10/orig /tmp/l10home
 : > /tmp/l10/out.$side
 for round in 1 2 3 4 5; do
  for p in "${prompts[@]}"; do
   python3 -c "import json,sys; print(json.dumps({'session_id':'same','cwd':sys.argv[1]+'/project','hook_event_name':'UserPromptSubmit','prompt':sys.argv[2],'transcript_path':sys.argv[1]+'/t.jsonl'}))" "$H" "$p" > /tmp/l10/p.json
   env -i PATH=/usr/bin:/bin HOME=$H HOOKWARD_HOME=$H/.hookward CLAUDE_PROJECT_DIR=$H/project $BIN hook claude-code < /tmp/l10/p.json >> /tmp/l10/out.$side
   echo >> /tmp/l10/out.$side
  done
 done
done
rm -rf /tmp/l10home; cp -a /tmp/l10/orig /tmp/l10home
echo "replies: $(wc -l < /tmp/l10/out.a); lessons shown: $(grep -o 'hookward lesson L[0-9]*' /tmp/l10/out.a | wc -l) (distinct $(grep -o 'hookward lesson L[0-9]*' /tmp/l10/out.a | sort -u | wc -l))"
cmp /tmp/l10/out.a /tmp/l10/out.b && echo "IDENTICAL replies"
