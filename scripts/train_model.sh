#!/usr/bin/env bash
# Rebuilds the shipped model and its leave-one-source-out report from the built corpus
# (scripts/corpus/README.md). Deterministic: the same corpus gives the same model bytes.
#   scripts/train_model.sh [RAW_DIR]        # default /work/data/raw
set -euo pipefail
cd "$(dirname "$0")/.."
RAW="${1:-/work/data/raw}"
[ -f scripts/corpus/authored/authored.jsonl ] || python3 scripts/corpus/authored/generate.py
args=(--corpus ../shared/corpus/injection-dev.jsonl --corpus scripts/corpus/authored/authored.jsonl)
for f in "$RAW"/*.jsonl; do args+=(--corpus "$f"); done
cargo build -q --release -p hookward-train
target/release/hookward-train build "${args[@]}" --holdout scripts/corpus/holdout.txt \
  --model crates/hookward-model/model/injection.hwm \
  --report target/injection-loso.json --markdown target/injection-loso.md --scores target/injection-loso-scores.jsonl
# the stored figures the CI check compares a retrain against
HOOKWARD_UPDATE_EVAL=1 cargo test -q -p hookward-train --test shipped
echo "report: target/injection-loso.md"
