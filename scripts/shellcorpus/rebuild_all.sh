#!/bin/sh
# Rebuilds the main corpus and held-out sets 2-18 in order (each set is deduplicated against the
# ones built before it, build.py's AGAINST), given the `fetch` mirrors under $SHELLCORPUS_MIRRORS
# (default /work/.mirror), then checks sets 8-18 against their frozen sha256 lists.
#   sh scripts/shellcorpus/rebuild_all.sh [DATA]      # DATA defaults to /work/data
# The AGAINST paths in build.py are /work/data/...; another DATA builds there but dedupes against
# /work/data (so use the default unless you know why). Set 11 is labelled with `_iscmd`'s
# commands-only filter on, set 12 with it and the volume-tool classes, set 13 with those and the
# shell-words reading (`_label.SHELL_WORDS`; sets 14 and 15 as set 13; build.py switches them on for `--set heldout11`,
# `--set heldout12`, `--set heldout13`, `--set heldout14`, `--set heldout15`, `--set heldout16`, `--set heldout17` and `--set heldout18` only); the
# destroying verbs of tools acting outside the working tree (`_label.DESTROY_VERBS`, `ask remote-destroy`) for
# `--set heldout16`, `--set heldout17` and `--set heldout18` only (sets 17 and 18 add no switch).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${1:-/work/data}
py() { nice -n 10 python3 "$here/build.py" "$@"; }
echo "== main"; py --out "$data/shell"
for n in 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do
  echo "== heldout$n"; py --set "heldout$n" --out "$data/shell-h$n"
done
for n in 8 9 10 11 12 13 14 15 16 17 18; do
  echo "== sha256 heldout$n"
  (cd "$data" && sha256sum -c --quiet "$here/heldout$n.sha256") && echo "heldout$n: reproduces" ||
    echo "heldout$n: DIFFERS (see above)"
done
