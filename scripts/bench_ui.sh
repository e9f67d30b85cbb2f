#!/usr/bin/env bash
# First page of `hookward ui`'s timeline on a store of 1M decisions (issue 17: <= 50 ms).
# Usage: scripts/bench_ui.sh [ROWS]   (default 1000000; the store is a temp file, ~1 GB)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run -q --release -p hookward-ui --example bench_timeline -- "${1:-1000000}"
