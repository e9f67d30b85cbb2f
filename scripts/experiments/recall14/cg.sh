#!/bin/bash
# cg.sh BIN LABEL HOME N: callgrind Ir of UserPromptSubmit on the kept home, lessons on (new session) and off
W=/tmp/recall/cg
BIN=$1; L=$2; H=$3; N=${4:-2}
cp "$BIN" $W/bin.$L
for mode in on off; do for i in $(seq 1 $N); do
 python3 -c "import json,sys,time; print(json.dumps({'session_id':'cg-%s'%time.time(),'cwd':sys.argv[1]+'/project','hook_event_name':'UserPromptSubmit','prompt':'npm says the parser script is missing, run it with the right tool','transcript_path':sys.argv[1]+'/t.jsonl'}))" $H > $W/cgp.json
 E="PATH=/usr/bin:/bin HOME=$H HOOKWARD_HOME=$H/.hookward CLAUDE_PROJECT_DIR=$H/project"
 [ $mode = off ] && E="$E HOOKWARD_LESSONS=0"
 env -i $E valgrind --tool=callgrind --callgrind-out-file=$W/cg.$L.$mode.$i $W/bin.$L hook claude-code < $W/cgp.json > $W/cg.$L.$mode.$i.stdout 2>$W/cg.$L.$mode.$i.err
 tot=$(grep -o "Collected : [0-9]*" $W/cg.$L.$mode.$i.err | grep -o "[0-9]*")
 echo "$L $mode $i total_Ir=$tot delivered=$(grep -o 'hookward lesson L[0-9]*' $W/cg.$L.$mode.$i.stdout | tr '\n' ' ')"
done; done
