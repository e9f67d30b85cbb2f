#!/usr/bin/env bash
# Builds the npm tarballs of hookward from a built binary:
#   scripts/package_npm.sh BIN OUT_DIR
# OUT_DIR gets hookward-<version>.tgz (the launcher, packaging/npm/hookward) and
# hookward-cli-<os>-<arch>-<version>.tgz (the binary and the warm helper's client hookward-hook
# found next to it, for this machine, with "os"/"cpu" set so
# npm installs it only where it runs). Nothing is published.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$(realpath "$1")"; OUT="$(mkdir -p "$2" && realpath "$2")"
VERSION="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
case "$(uname -s)" in Linux) OS=linux ;; Darwin) OS=darwin ;; *) echo "unsupported OS $(uname -s)" >&2; exit 2 ;; esac
case "$(uname -m)" in x86_64|amd64) CPU=x64 ;; aarch64|arm64) CPU=arm64 ;; *) echo "unsupported CPU $(uname -m)" >&2; exit 2 ;; esac
KEY="$OS-$CPU"
grep -q "\"version\": \"$VERSION\"" packaging/npm/hookward/package.json || {
  echo "packaging/npm/hookward/package.json is not at version $VERSION (Cargo.toml)" >&2; exit 2; }
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/platform/bin"
sed -e "s/@KEY@/$KEY/g" -e "s/@VERSION@/$VERSION/g" -e "s/@OS@/$OS/g" -e "s/@CPU@/$CPU/g" \
  packaging/npm/platform/package.json.in > "$WORK/platform/package.json"
cp "$BIN" "$WORK/platform/bin/hookward"; chmod +x "$WORK/platform/bin/hookward"
# The warm helper's client (issue 15), built beside hookward; `hookward install --warm` finds
# it next to the binary it runs from.
CLIENT="$(dirname "$BIN")/hookward-hook"
[ -x "$CLIENT" ] || { echo "$CLIENT is missing (cargo build -p hookward builds both)" >&2; exit 2; }
cp "$CLIENT" "$WORK/platform/bin/hookward-hook"; chmod +x "$WORK/platform/bin/hookward-hook"
cp -r packaging/npm/hookward "$WORK/main"
(cd "$WORK/platform" && npm pack --silent --pack-destination "$OUT" >/dev/null)
(cd "$WORK/main" && npm pack --silent --pack-destination "$OUT" >/dev/null)
ls "$OUT"/*.tgz
