#!/bin/bash
# hookward end-to-end suite: drives the real Claude Code, Codex and Gemini CLIs (pinned, from npm)
# through hookward, offline, against the fake model servers in e2e/fake (127.0.0.1 only).
#
# usage: e2e/run.sh [claude|codex|gemini|all] [SCENARIO...]      (see e2e/README.md)
# env:   HOOKWARD_BIN        hookward binary to test (default: cargo build --release -p hookward)
#        HOOKWARD_E2E_CACHE  npm install cache (default ~/.cache/hookward-e2e)
#        E2E_KEEP=1          keep the run folders (kept anyway when a scenario fails)
#        E2E_RUN_TIMEOUT     seconds per CLI run (default 120)
#        E2E_INSTALL_ARGS    extra words for `hookward install` (`--warm`: the warm helper's client)
# exit:  0 all scenarios passed, 1 a scenario failed, 3 setup failed (npm registry, build, ...)
set -u
E2E=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$E2E")
# shellcheck source=lib/clis.sh
source "$E2E/lib/clis.sh"

WHAT=${1:-all}; shift || true
ONLY=("$@")
case $WHAT in
  all) AGENTS=(claude codex gemini) ;;
  claude|codex|gemini) AGENTS=("$WHAT") ;;
  *) echo "usage: e2e/run.sh [claude|codex|gemini|all] [SCENARIO...]" >&2; exit 2 ;;
esac
for tool in python3 node npm git openssl timeout; do
  command -v "$tool" >/dev/null || { echo "e2e: FAIL: $tool not found on PATH" >&2; exit 3; }
done
SYS_PATH=/usr/local/bin:/usr/bin:/bin
NODE_DIR=$(dirname "$(command -v node)")
case ":$SYS_PATH:" in *":$NODE_DIR:"*) ;; *) SYS_PATH=$NODE_DIR:$SYS_PATH ;; esac
RUN_TIMEOUT=${E2E_RUN_TIMEOUT:-120}
T_SUITE=$(date +%s.%N)

# ---------------------------------------------------------------- hookward binary
if [ -z "${HOOKWARD_BIN:-}" ]; then
  echo "e2e: building hookward (cargo build --release -p hookward)" >&2
  (cd "$ROOT" && cargo build --release -p hookward --quiet) || { echo "e2e: FAIL: cargo build failed" >&2; exit 3; }
  HOOKWARD_BIN=${CARGO_TARGET_DIR:-$ROOT/target}/release/hookward
fi
HOOKWARD_BIN=$(realpath "$HOOKWARD_BIN")
[ -x "$HOOKWARD_BIN" ] || { echo "e2e: FAIL: no hookward binary at $HOOKWARD_BIN" >&2; exit 3; }
export HOOKWARD_BIN

# ---------------------------------------------------------------- agent CLIs (pinned, cached)
declare -A CLI
for a in "${AGENTS[@]}"; do
  CLI[$a]=$(ensure_cli "$a") || exit 3
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/hookward-e2e.XXXXXX")
SERVER_PIDS=()
cleanup() {
  local p
  for p in "${SERVER_PIDS[@]}"; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Claude's WebFetch only fetches https and needs a certificate it trusts (REPORT.md §1).
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$WORK/tls-key.pem" -out "$WORK/tls-cert.pem" >/dev/null 2>&1 ||
  { echo "e2e: FAIL: openssl could not make the loopback TLS certificate" >&2; exit 3; }

# hw_env HOME: the only environment hookward's own commands get in the suite
hw() { local home=$1; shift; env -i PATH=/usr/bin:/bin HOME="$home" "$HOOKWARD_BIN" "$@"; }

# start_server R KIND [extra args]: fake model server for run folder R, port in $PORT
start_server() {
  local R=$1 kind=$2; shift 2
  rm -f "$R/port"
  SCENARIO_CWD="$R/proj" python3 "$E2E/fake/fake_$kind.py" --port 0 --script "$R/script.json" \
    --log "$R/requests.jsonl" --portfile "$R/port" "$@" >"$R/server.out" 2>&1 &
  SPID=$!
  SERVER_PIDS+=("$SPID")
  local i
  for i in $(seq 100); do [ -s "$R/port" ] && break; sleep 0.05; done
  PORT=$(cat "$R/port" 2>/dev/null)
  [ -n "$PORT" ] || { echo "fake $kind server did not start: $(cat "$R/server.out")" >"$R/setup.err"; return 1; }
}

stop_server() { kill "$SPID" 2>/dev/null; wait "$SPID" 2>/dev/null; return 0; }

# ---------------------------------------------------------------- per agent
# hookward's name for each agent
declare -A HW_AGENT=([claude]=claude-code [codex]=codex [gemini]=gemini)

# prepare_AGENT R: the person's own settings before hookward is installed (fake provider, no telemetry)
prepare_claude() { :; }
prepare_codex() {
  mkdir -p "$1/home/.codex"
  cat >"$1/home/.codex/config.toml" <<TOML
model = "gpt-5.5"
model_provider = "fake"
approval_policy = "never"
sandbox_mode = "danger-full-access"
check_for_update_on_startup = false

[model_providers.fake]
name = "Fake"
base_url = "http://127.0.0.1:__PORT__/v1"
env_key = "OPENAI_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0

[analytics]
enabled = false
TOML
}
prepare_gemini() {
  mkdir -p "$1/home/.gemini"
  cat >"$1/home/.gemini/settings.json" <<'JSON'
{
  "security": {"folderTrust": {"enabled": false}, "auth": {"selectedType": "gemini-api-key"}},
  "privacy": {"usageStatisticsEnabled": false},
  "telemetry": {"enabled": false},
  "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false}
}
JSON
}

# after_install_AGENT R: what the suite itself adds after `hookward install` (never hookward's entries)
after_install_claude() {
  # WebFetch asks api.anthropic.com about the domain first; offline that fails (REPORT.md §1)
  python3 - "$1/home/.claude/settings.json" <<'PY'
import json, sys
p = sys.argv[1]
s = json.load(open(p))
s["skipWebFetchPreflight"] = True
json.dump(s, open(p, "w"), indent=2)
PY
}
after_install_codex() {
  local out
  out=$(python3 "$E2E/lib/codex_trust.py" "$1/home/.codex") || return 1
  [ "$out" = present ] || echo "NOTE: hookward install codex wrote no hook-trust entries; the suite wrote them ($out)" >>"$1/notes"
}
after_install_gemini() { :; }

# run_AGENT R: the CLI, headless, env -i, from the project folder, with the prompt $PROMPT; exit code in R/rc
run_claude() {
  local R=$1
  start_server "$R" anthropic --tls-cert "$WORK/tls-cert.pem" --tls-key "$WORK/tls-key.pem" || return 1
  (cd "$R/proj" && env -i PATH="$SYS_PATH" HOME="$R/home" TERM=dumb LANG=C.UTF-8 IS_SANDBOX=1 \
    NODE_EXTRA_CA_CERTS="$WORK/tls-cert.pem" ANTHROPIC_BASE_URL="http://127.0.0.1:$PORT" ANTHROPIC_API_KEY=dummy \
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 DISABLE_ERROR_REPORTING=1 \
    ${PLUGIN_RUN:+HOOKWARD_BIN="$HOOKWARD_BIN"} \
    timeout "$RUN_TIMEOUT" ${SANDBOX_RUN:+"$HOOKWARD_BIN" run --} "${CLI[claude]}" -p "$PROMPT" --output-format stream-json --verbose \
      --include-hook-events --debug-file "$R/cli.debug.log" --dangerously-skip-permissions \
      ${PLUGIN_RUN:+--plugin-dir "$ROOT/packaging/claude-plugin"} \
    2>"$R/cli.stderr" </dev/null | python3 "$E2E/lib/stamp.py" "$R/cli.stdout"; echo "${PIPESTATUS[0]}" >"$R/rc")
  stop_server
}
run_codex() {
  local R=$1
  start_server "$R" openai || return 1
  # the fake provider's port (a placeholder at first, the previous session's port afterwards)
  sed -i -E "s#http://127\.0\.0\.1:[^/\"]*/v1#http://127.0.0.1:$PORT/v1#" "$R/home/.codex/config.toml"
  (cd "$R/proj" && env -i PATH="$SYS_PATH" HOME="$R/home" TERM=dumb LANG=C.UTF-8 OPENAI_API_KEY=dummy \
    timeout "$RUN_TIMEOUT" "${CLI[codex]}" exec --skip-git-repo-check --json "$PROMPT" \
    >"$R/cli.stdout" 2>"$R/cli.stderr" </dev/null)
  echo $? >"$R/rc"
  stop_server
}
run_gemini() {
  local R=$1
  start_server "$R" gemini || return 1
  (cd "$R/proj" && env -i PATH="$SYS_PATH" HOME="$R/home" TERM=dumb LANG=C.UTF-8 \
    GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:$PORT" GEMINI_API_KEY=dummy GEMINI_CLI_NO_RELAUNCH=true \
    GEMINI_DEBUG_LOG_FILE="$R/cli.debug.log" \
    timeout "$RUN_TIMEOUT" "${CLI[gemini]}" -p "$PROMPT" --output-format stream-json --yolo \
      --include-directories "$R/home" \
    >"$R/cli.stdout" 2>"$R/cli.stderr" </dev/null)
  echo $? >"$R/rc"
  stop_server
}

# run_sessions AGENT R NAME: the scenario's CLI sessions, one after the other in the same HOME and
# project (most scenarios have one). With more than one, session k's script and prompt are
# s<k>.script.json and s<k>.prompt, and what it leaves (requests.jsonl, cli.*, rc, ...) is kept as
# s<k>.*; scenarios.py after-session keeps hookward's state between them.
run_sessions() {
  local agent=$1 R=$2 name=$3 n k f
  n=$(python3 "$E2E/scenarios.py" sessions "$agent" "$name") || return 1
  if [ "$n" -le 1 ]; then
    PROMPT=$(cat "$R/prompt")
    "run_$agent" "$R"
    return
  fi
  for k in $(seq "$n"); do
    cp "$R/s$k.script.json" "$R/script.json" && PROMPT=$(cat "$R/s$k.prompt") || return 1
    "run_$agent" "$R" || return 1
    for f in requests.jsonl cli.stdout cli.stderr cli.debug.log rc server.out; do
      if [ -e "$R/$f" ]; then mv "$R/$f" "$R/s$k.$f"; fi
    done
    python3 "$E2E/scenarios.py" after-session "$agent" "$name" "$R" "$k" || return 1
  done
}

# ---------------------------------------------------------------- scenarios
RESULTS=()   # "agent scenario PASS|FAIL seconds"
RUNS=()
FAILED=0
run_scenario() {
  local agent=$1 name=$2 R="$WORK/$1/$2" t0 t1 out st=PASS
  mkdir -p "$R/home" "$R/proj"
  git -C "$R/proj" init -q . 2>/dev/null
  t0=$(date +%s.%N)
  # `plugin_*` scenarios: hookward comes from the Claude Code plugin folder
  # (packaging/claude-plugin, --plugin-dir), not from `hookward install`
  PLUGIN_RUN=""; [[ $name == plugin_* ]] && PLUGIN_RUN=1
  # `sandbox_*` scenarios: the CLI is started under the OS sandbox, `hookward run -- claude …`
  SANDBOX_RUN=""; [[ $name == sandbox_* ]] && SANDBOX_RUN=1
  {
    "prepare_$agent" "$R" &&
    if [ -n "$PLUGIN_RUN" ]; then mkdir -p "$R/home/.claude" && echo '{}' >"$R/home/.claude/settings.json"; else
    # shellcheck disable=SC2086  # E2E_INSTALL_ARGS: extra words, e.g. --warm
    hw "$R/home" install "${HW_AGENT[$agent]}" --apply ${E2E_INSTALL_ARGS:-} >"$R/install.log" 2>&1; fi ||
      { echo "hookward install ${HW_AGENT[$agent]} --apply failed: $(tail -3 "$R/install.log")" >"$R/setup.err"; false; }
  } && "after_install_$agent" "$R" &&
    python3 "$E2E/scenarios.py" setup "$agent" "$name" "$R/home" "$R/proj" &&
    run_sessions "$agent" "$R" "$name"
  local setup_rc=$?
  t1=$(date +%s.%N)
  # the warm helper's server the client started for this run's home (install --warm)
  [ -f "$R/home/.hookward/run/hook.pid" ] && hw "$R/home" hook-server --stop >/dev/null 2>&1
  if [ $setup_rc -ne 0 ]; then
    st=FAIL
    out="    FAIL setup: $(cat "$R/setup.err" 2>/dev/null || echo "exit $setup_rc")"
  else
    out=$(python3 "$E2E/scenarios.py" check "$agent" "$name" "$R") || st=FAIL
    RUNS+=("$R")
  fi
  [ -f "$R/notes" ] && out="$out"$'\n'"$(sed 's/^/    /' "$R/notes")"
  local secs; secs=$(python3 -c "print('%.1f' % ($t1 - $t0))")
  printf '%-4s %-7s %-14s %5ss  %s\n' "$st" "$agent" "$name" "$secs" "$R"
  [ $st = PASS ] && [ -z "${E2E_VERBOSE:-}" ] || echo "$out"
  RESULTS+=("$agent $name $st $secs")
  [ $st = PASS ] || FAILED=$((FAILED + 1))
}

echo "e2e: hookward $("$HOOKWARD_BIN" --version 2>/dev/null | awk '{print $2}') at $HOOKWARD_BIN; runs in $WORK"
for agent in "${AGENTS[@]}"; do
  echo "e2e: $agent: $("${CLI[$agent]}" --version 2>/dev/null | head -1)"
  for name in $(python3 "$E2E/scenarios.py" list "$agent"); do
    if [ ${#ONLY[@]} -gt 0 ] && [[ ! " ${ONLY[*]} " == *" $name "* ]]; then continue; fi
    run_scenario "$agent" "$name"
  done
done

# ---------------------------------------------------------------- summary
T_END=$(date +%s.%N)
echo
echo "==================== hookward e2e summary ===================="
for agent in "${AGENTS[@]}"; do
  line=""; p=0; n=0
  for r in "${RESULTS[@]}"; do
    read -r a s st secs <<<"$r"
    [ "$a" = "$agent" ] || continue
    n=$((n + 1)); [ "$st" = PASS ] && p=$((p + 1))
    line="$line $s=$st"
  done
  printf '%-7s %d/%d passed:%s\n' "$agent" "$p" "$n" "$line"
done
echo "per-call hook overhead inside each CLI:"
[ ${#RUNS[@]} -gt 0 ] && python3 "$E2E/scenarios.py" overhead "${RUNS[@]}"
printf 'suite wall time: %.1f s (%d scenario runs, %d failed)\n' \
  "$(python3 -c "print($T_END - $T_SUITE)")" "${#RESULTS[@]}" "$FAILED"
if [ "$FAILED" -eq 0 ] && [ -z "${E2E_KEEP:-}" ]; then
  rm -rf "$WORK"
else
  echo "run folders kept in $WORK"
fi
[ "$FAILED" -eq 0 ]
