#!/usr/bin/env bash
# Call 3 (what device time allowed of call 2): the build of cf4f1fe (.carry/new2) against
# d2a5bc3 (.carry/old) through dispatch, one round, on draw1208c.txt; then the GPU tests
# that cover the new picks (the new test case, f32 on the FP64 tensor cores, the sweep).
set -u -o pipefail
L=$OUT/run.log
export TAILOR_DB=/tmp/none.db
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
for v in old new2; do
  echo "=== round 1 $v $(date +%T)" >> $L
  echo "=== round 1 $v" >> $OUT/ab.log
  TAILOR_CACHE_DIR=/tmp/cache-$v timeout 45 .carry/$v/tailor-bench --suite .carry/draw1208c.txt --no-overhead --copy-mib 512 \
    --reps 5 2>&1 | grep -v '^#' >> $OUT/ab.log
done
echo "=== gpu tests $(date +%T)" >> $L
unset TAILOR_DB
export TAILOR_CACHE_DIR=/tmp/cache-t
t=.carry/new2/tailor_gpu_tests
(time timeout 140 $t -tc="*odd rows or a shared operand*") > $OUT/t1.log 2>&1 &
(time timeout 140 $t -tc="*f32 on the FP64 tensor cores*") > $OUT/t2.log 2>&1 &
(time timeout 140 $t -tc="gpu sweep*") > $OUT/t3.log 2>&1 &
wait
echo "=== done $(date +%T)" >> $L
python3 bench/results/cong-1203/ab.py $OUT/ab.log old new2 | cut -c1-130
cat $L
grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" $OUT/t?.log | head -40
