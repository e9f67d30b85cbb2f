#!/bin/bash
# callgrind_lessons.sh BIN LABEL (h-lessons10; BIN is copied to /tmp/l10/bin.LABEL first): callgrind Ir of one UserPromptSubmit hook call on the kept home, lessons on
# (a new session: two lessons delivered) and off, 3 calls each; prints totals and the lessons step
BIN=$1; L=$2
mkdir -p /tmp/l10; cp "$BIN" /tmp/l10/bin.$L
H=/tmp/l10home/home
for mode in on off; do for i in 1 2 3; do
 python3 -c "import json,sys,time; print(json.dumps({'session_id':'cg-%s'%time.time(),'cwd':sys.argv[1]+'/project','hook_event_name':'UserPromptSubmit','prompt':'npm says the parser script is missing, run it with the right tool','transcript_path':sys.argv[1]+'/t.jsonl'}))" $H > /tmp/l10/cgp.json
 E="PATH=/usr/bin:/bin HOME=$H HOOKWARD_HOME=$H/.hookward CLAUDE_PROJECT_DIR=$H/project"
 [ $mode = off ] && E="$E HOOKWARD_LESSONS=0"
 env -i $E valgrind --tool=callgrind --callgrind-out-file=/tmp/l10/cg.$L.$mode.$i /tmp/l10/bin.$L hook claude-code < /tmp/l10/cgp.json > /tmp/l10/cg.$L.$mode.$i.stdout 2>/tmp/l10/cg.$L.$mode.$i.err
 tot=$(grep -o "Collected : [0-9]*" /tmp/l10/cg.$L.$mode.$i.err | grep -o "[0-9]*")
 del=$(callgrind_annotate --inclusive=yes --threshold=100 /tmp/l10/cg.$L.$mode.$i 2>/dev/null | grep -E " \?\?\?:hookward_pipeline::lessons::deliver \[| \?\?\?:hookward_store::lessons::<impl hookward_store::Store>::recall_lesson_ids \[| \?\?\?:hookward_lessons::prefilter::Prefilter::candidates \[" | awk '{print $1}' | tr '\n' ' ')
 echo "$L $mode $i total_Ir=$tot deliver/recall/prefilter=$del delivered=$(grep -o 'hookward lesson L[0-9]*' /tmp/l10/cg.$L.$mode.$i.stdout | tr '\n' ' ')"
done; done
