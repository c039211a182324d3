#!/usr/bin/env bash
# Call 33: tall matrices: the new heuristic rule through dispatch against the previous build
# (alternating, two rounds), small K=2-4 shapes forced (threads' 4x4 / 2x2 against bulk), GPU tests.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call33.log
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $L
echo "=== tests $(date +%T)" | tee -a $L
timeout 150 build-gpu/tests/tailor_gpu_tests 2>&1 | grep -E "ERROR|failed|Status|test cases|ran " | head -20 | tee -a $L
for r in 1 2; do
  for b in old new; do
    bin=build-gpu/tailor-bench; [ $b = old ] && bin=.carry/bin/tailor-bench-notrig
    for f in .carry/tall_changed.txt .carry/tall_rand.txt; do
      echo "=== dispatch $b round $r $f $(date +%T)" | tee -a $L
      TAILOR_DB=/tmp/none.db timeout 100 $bin --suite $f --reps 5 --per-rep 10 --copy-mib 512 --no-overhead 2>&1 | grep -v '^#' | grep -v '^problem' | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}' | tee -a $L
    done
  done
done
echo "=== forced $(date +%T)" | tee -a $L
bash .carry/forcerun.sh .carry/force33.txt 2 2>&1 | tee -a $L
echo "=== end $(date +%T)" | tee -a $L
