#!/usr/bin/env bash
# Rebuilds the shipped learned command score (crates/hookward-cmdscore/model/command.hwc) and its
# leave-one-set-out scores. Deterministic: the same corpus gives the same model bytes.
#   scripts/train_cmdscore.sh [DATA_DIR] [HELD_OUT_SETS]
# DATA_DIR (default /work/data) holds the public command sets (scripts/shellcorpus/rebuild_all.sh);
# HELD_OUT_SETS (default adv39,adv40,adv41: the black-box sets not yet spent) are left out.
# Then: python3 scripts/cmdscore/report.py target/cmdscore-oof.jsonl --data DATA_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
DATA="${1:-/work/data}"
HELD="${2:-adv39,adv40,adv41}"
python3 scripts/cmdscore/build.py --data "$DATA" --exclude "$HELD" --out target/cmdscore-corpus.jsonl
cargo build -q --release -p hookward-train --bin train-cmdscore
target/release/train-cmdscore --corpus target/cmdscore-corpus.jsonl \
  --scores target/cmdscore-oof.jsonl --model crates/hookward-cmdscore/model/command.hwc
sha256sum crates/hookward-cmdscore/model/command.hwc
