#!/usr/bin/env bash
# Writes the project's own policy cases (the bases of crates/hookward/tests/command_classes.rs
# and the seeds of metamorphic.rs, each with the decision the project's policy owes it) to
# scripts/cmdscore/project_cases.jsonl, a training source of the learned command score
# (build.py reads it as the fold `project-cases`). Run it after adding classes or seeds, then
# scripts/train_cmdscore.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=scripts/cmdscore/project_cases.jsonl
tmp=$(mktemp -d)
HOOKWARD_DUMP_CASES="$tmp/classes.jsonl" cargo nextest run --cargo-quiet --status-level none --final-status-level none -p hookward --test command_classes >/dev/null
HOOKWARD_DUMP_CASES="$tmp/seeds.jsonl" cargo nextest run --cargo-quiet --status-level none --final-status-level none -p hookward --test metamorphic >/dev/null
cat "$tmp/classes.jsonl" "$tmp/seeds.jsonl" > "$out"
rm -rf "$tmp"
wc -l "$out"
