#!/usr/bin/env bash
# First page of `hookward ui`'s timeline on a store of 1M decisions (issue 17: <= 50 ms).
# Usage: scripts/bench_ui.sh [ROWS [STORE]]   (default 1000000 rows in a temp store, ~1 GB;
# STORE keeps the filled store at that path and reuses it on the next run)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run -q --release -p hookward-ui --example bench_timeline -- "${1:-1000000}" ${2:+"$2"}
