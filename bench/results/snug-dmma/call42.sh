#!/usr/bin/env bash
# Call 42: GPU tests; snug DMMA tiles in the heuristic: f64 shapes through dispatch, this build against ae069d5, alternating, two rounds.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call42.log
echo "=== tests $(date +%T)" | tee $L
timeout 150 build-gpu/tests/tailor_gpu_tests 2>&1 | grep -E "ERROR|error|failed|Status|test cases|ran " | head -30 | tee -a $L
for r in 1 2; do
  for b in new old; do
    echo "=== $b round $r $(date +%T)" | tee -a $L
    if [ $b = new ]; then B=build-gpu/tailor-bench; else B=.carry/bin/tailor-bench-ae069d5; fi
    TAILOR_DB=/tmp/none.db timeout 200 $B --suite .carry/f64set.txt --copy-mib 512 --no-overhead --reps 5 --per-rep 10 --json $OUT/f64_${b}_$r.jsonl 2>&1 | grep -v "^#" | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}' | tee -a $L
  done
done
echo "=== end $(date +%T)" | tee -a $L
