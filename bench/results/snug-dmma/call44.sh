#!/usr/bin/env bash
# Call 44: snug DMMA tiles on a fresh draw of f64 shapes the rule changes (and 29x64x67), this build against ae069d5, alternating, two rounds.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call44.log
: > $L
for r in 1 2; do
  for b in new old; do
    echo "=== $b round $r $(date +%T)" | tee -a $L
    if [ $b = new ]; then B=build-gpu/tailor-bench; else B=.carry/bin/tailor-bench-ae069d5; fi
    TAILOR_DB=/tmp/none.db timeout 100 $B --suite .carry/f64rand44.txt --copy-mib 512 --no-overhead --reps 5 --per-rep 10 --json $OUT/r44_${b}_$r.jsonl 2>&1 | grep -v "^#" | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}' >> $L
  done
done
echo "=== end $(date +%T)" | tee -a $L
