#!/bin/bash
# run.sh BIN on|off SESSION [extra env...]: one UserPromptSubmit hook call on the kept store
BIN=$1; MODE=$2; SESS=$3; shift 3
H=${H:-/tmp/lessons11/home/home}
P="${PROMPT:-npm says the parser script is missing, run it with the right tool}"
printf '{"session_id":"%s","cwd":"%s/project","hook_event_name":"UserPromptSubmit","prompt":"%s","transcript_path":"%s/t.jsonl"}' "$SESS" "$H" "$P" "$H" > /tmp/lessons11/payload.$$
EXTRA=()
[ "$MODE" = off ] && EXTRA+=(HOOKWARD_LESSONS=0)
env -i PATH=/usr/bin:/bin HOME=$H HOOKWARD_HOME=$H/.hookward CLAUDE_PROJECT_DIR=$H/project "${EXTRA[@]}" "$@" $WRAP $BIN hook claude-code < /tmp/lessons11/payload.$$
rm -f /tmp/lessons11/payload.$$
