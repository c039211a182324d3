#!/usr/bin/env bash
# Call 31: the early trigger (griddepcontrol.launch_dependents after the last loads) against
# the build without it, alternating, same card; GPU tests of the new build.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call31.log
nvidia-smi --query-gpu=name,driver_version --format=csv | tee $L
echo "=== tests $(date +%T)" | tee -a $L
timeout 150 build-gpu/tests/tailor_gpu_tests 2>&1 | grep -E "ERROR|failed|Status|test cases|ran " | head -20 | tee -a $L
S="--reps 7 --per-rep 20 --copy-mib 512 --no-overhead"
for r in 1 2; do
  for b in old new; do
    bin=build-gpu/tailor-bench; [ $b = old ] && bin=.carry/bin/tailor-bench-notrig
    echo "=== suite $b round $r $(date +%T)" | tee -a $L
    TAILOR_DB=/tmp/none.db timeout 100 $bin --suite .carry/suite.txt $S --json $OUT/suite_${b}_$r.jsonl 2>&1 | grep -v '^#' | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}' > $OUT/suite_${b}_$r.txt
  done
done
for f in .carry/rand4.txt bench/outside_suite.txt; do
  for b in old new; do
    bin=build-gpu/tailor-bench; [ $b = old ] && bin=.carry/bin/tailor-bench-notrig
    echo "=== $f $b $(date +%T)" | tee -a $L
    TAILOR_DB=/tmp/none.db timeout 100 $bin --suite $f --reps 5 --per-rep 10 --copy-mib 512 --no-overhead --json $OUT/$(basename $f .txt)_$b.jsonl > /dev/null 2>&1
  done
done
echo "=== end $(date +%T)" | tee -a $L
