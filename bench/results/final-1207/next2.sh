#!/usr/bin/env bash
# next.sh with the table first (device time was short): bench/gpu_run.sh's final mode on main's
# build (.carry/fin-main) without the GPU tests (the suite with the shipped database, the tiny
# calls, the peers in the same run, the plots, tuning on first use, bench/outside_suite.txt),
# then the tiny calls five more times, then every GPU test of the same build; small logs folded
# into run.log (8 files come back at most).
set -u -o pipefail
SKIP_GPU_TESTS=1 bash bench/gpu_run.sh final .carry/fin-main > /dev/null 2>&1
L=$OUT/run.log
echo "=== tiny calls, five more runs $(date +%T)" >> $L
for r in 1 2 3 4 5; do
  TAILOR_DB=/tmp/none.db timeout 60 .carry/fin-main/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 2>&1 | grep -v '^#' >> $L
done
python3 bench/targets.py "$OUT/tailor.jsonl" 2>&1 | tail -14
tail -50 "$OUT/peers.log" | cut -c1-100
grep -E "ratio|===" $L | cut -c1-150
echo "=== gpu tests $(date +%T)" >> $L
FORCE=/dev/null bash bench/gpu_run.sh force .carry/fin-main > /dev/null 2>&1
cat $OUT/env.txt $OUT/gpu_tests.log >> $L; rm -f $OUT/env.txt $OUT/gpu_tests.log $OUT/force.log
grep -E "MESSAGE: ran|FAILED|CRASHED|test cases|assertions|Status|real" $L | cut -c1-140 | head -40
ls $OUT
