#!/usr/bin/env bash
# Builds hookward in release mode and runs the benchmarks of BENCHMARKS.md.
# Usage: scripts/bench.sh [--runs N]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p hookward
echo "== whole-process hook latency (scripts/bench_hook.py) =="
python3 scripts/bench_hook.py target/release/hookward "$@"
echo
echo "== policy load/eval cost inside one process =="
cargo run --release -q -p hookward-policy --example load_cost
