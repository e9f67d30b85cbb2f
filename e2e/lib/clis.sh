# shellcheck shell=bash
# Pinned agent CLIs, installed from npm into a cache folder reused between runs.
# Versions are the ones REPORT.md (shared/protocol) verified: see e2e/README.md.

CLAUDE_PKG=@anthropic-ai/claude-code CLAUDE_VER=2.1.197
CODEX_PKG=@openai/codex              CODEX_VER=0.171.0
GEMINI_PKG=@google/gemini-cli        GEMINI_VER=0.61.0

E2E_CACHE=${HOOKWARD_E2E_CACHE:-$HOME/.cache/hookward-e2e}

# cli_pkg AGENT -> "package version bin"
cli_pkg() {
  case $1 in
    claude) echo "$CLAUDE_PKG $CLAUDE_VER claude" ;;
    codex) echo "$CODEX_PKG $CODEX_VER codex" ;;
    gemini) echo "$GEMINI_PKG $GEMINI_VER gemini" ;;
  esac
}

# installed_version DIR PKG -> version in DIR/node_modules/PKG/package.json, or empty
installed_version() {
  local pj="$1/node_modules/$2/package.json"
  [ -f "$pj" ] && python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("version",""))' "$pj" 2>/dev/null
}

# ensure_cli AGENT: installs the pinned version unless already there; prints the binary path.
# Exits the whole suite (status 3) with ONE clear line when the npm registry cannot be reached.
ensure_cli() {
  local pkg ver bin dir
  read -r pkg ver bin <<<"$(cli_pkg "$1")"
  dir="$E2E_CACHE/$1-$ver"
  if [ "$(installed_version "$dir" "$pkg")" != "$ver" ] || [ ! -x "$dir/node_modules/.bin/$bin" ]; then
    command -v npm >/dev/null || { echo "e2e: FAIL: npm not found on PATH; cannot install $pkg@$ver" >&2; exit 3; }
    local reg; reg=$(npm config get registry 2>/dev/null || echo https://registry.npmjs.org/)
    local probe
    if ! probe=$(timeout 60 npm view --fetch-retries=1 --fetch-retry-mintimeout=1000 --fetch-retry-maxtimeout=3000 "$pkg@$ver" version 2>&1) ||
       [ "$(echo "$probe" | tail -1)" != "$ver" ]; then
      local code; code=$(echo "$probe" | grep -m1 -o 'npm error code [A-Z0-9_]*' | awk '{print $4}')
      echo "e2e: FAIL: npm registry $reg cannot be reached or lacks $pkg@$ver (${code:-timeout/no answer}); cannot install the agent CLIs" >&2
      exit 3
    fi
    rm -rf "$dir"; mkdir -p "$dir"
    echo "e2e: installing $pkg@$ver into $dir" >&2
    # claude-code's postinstall links the native binary; gemini's native add-ons (node-pty, keytar) are not needed.
    local scripts=; [ "$1" = gemini ] && scripts=--ignore-scripts
    if ! (cd "$dir" && echo '{"name":"hookward-e2e-cache","private":true}' > package.json &&
          timeout 600 npm install --no-audit --no-fund --loglevel=error $scripts "$pkg@$ver" >"$dir/npm-install.log" 2>&1); then
      echo "e2e: FAIL: npm install $pkg@$ver failed (see $dir/npm-install.log)" >&2
      tail -5 "$dir/npm-install.log" >&2
      exit 3
    fi
  fi
  echo "$dir/node_modules/.bin/$bin"
}
