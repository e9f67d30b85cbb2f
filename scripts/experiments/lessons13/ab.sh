#!/bin/bash
# ab.sh RUNS ROUNDS: bench_hook.py --lessons 10000 --paired-lessons, before and after alternated
W=/work/wt-lessons13/target/l13
cd /work/wt-lessons13
for r in $(seq 1 ${2:-3}); do
 for b in before after; do
  echo "== round $r $b $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  python3 scripts/bench_hook.py $W/hookward-$b --lessons 10000 --paired-lessons --cases lessons --runs ${1:-100} 2>&1 | grep -E "on - off|recalling|unrelated"
 done
done
