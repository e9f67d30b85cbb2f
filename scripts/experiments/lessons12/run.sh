#!/bin/bash
# run.sh BIN HOME on|off SESSION [extra env...]: one UserPromptSubmit hook call on the store kept in HOME
# (a copy of `bench_hook.py ... --keep DIR`'s DIR/home per binary: the after binary migrates its copy
# to schema 12, which the before binary would refuse). PROMPT= sets the prompt, COMMAND= makes it a
# PreToolUse call of that Bash command; WRAP= prefixes the binary.
BIN=$1; H=$2; MODE=$3; SESS=$4; shift 4
P="${PROMPT:-npm says the parser script is missing, run it with the right tool}"
T=$(mktemp /tmp/lessons12/payload.XXXXXX)
if [ -n "$COMMAND" ]; then
  # PreToolUse of a Bash command (COMMAND=...) instead of a prompt
  printf '{"session_id":"%s","cwd":"%s/project","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"%s"},"transcript_path":"%s/t.jsonl"}' "$SESS" "$H" "$COMMAND" "$H" > "$T"
else
  printf '{"session_id":"%s","cwd":"%s/project","hook_event_name":"UserPromptSubmit","prompt":"%s","transcript_path":"%s/t.jsonl"}' "$SESS" "$H" "$P" "$H" > "$T"
fi
EXTRA=()
[ "$MODE" = off ] && EXTRA+=(HOOKWARD_LESSONS=0)
env -i PATH=/usr/bin:/bin HOME=$H HOOKWARD_HOME=$H/.hookward CLAUDE_PROJECT_DIR=$H/project "${EXTRA[@]}" "$@" $WRAP $BIN hook claude-code < "$T"
rm -f "$T"
