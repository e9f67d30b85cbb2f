#!/usr/bin/env bash
# The test command README.md gives: every Rust test, then the Rego policy tests through the CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d ../shared/protocol/payloads ]; then
  echo "error: ../shared (payloads and corpora) must sit beside the repository" >&2
  exit 2
fi
cargo test --workspace --no-fail-fast
echo "== hookward policy test =="
HOOKWARD_HOME="$(mktemp -d)" cargo run -q -p hookward -- policy test
