#!/usr/bin/env bash
# Call 34: 2 x 2 instead of 4 x 4 threads' micro-tiles for reductions under 8: dispatch against
# the previous build (alternating, two rounds); GPU tests.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call34.log
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $L
echo "=== tests $(date +%T)" | tee -a $L
timeout 150 build-gpu/tests/tailor_gpu_tests 2>&1 | grep -E "ERROR|failed|Status|test cases|ran " | head -20 | tee -a $L
for r in 1 2; do
  for b in old new; do
    bin=build-gpu/tailor-bench; [ $b = old ] && bin=.carry/bin/tailor-bench-tall
    echo "=== dispatch $b round $r $(date +%T)" | tee -a $L
    TAILOR_DB=/tmp/none.db timeout 100 $bin --suite .carry/smallk_changed.txt --reps 5 --per-rep 10 --copy-mib 512 --no-overhead 2>&1 | grep -v '^#' | grep -v '^problem' | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}' | tee -a $L
  done
done
echo "=== end $(date +%T)" | tee -a $L
