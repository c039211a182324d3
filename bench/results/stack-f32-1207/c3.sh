#!/usr/bin/env bash
# Call 2 as device time allowed (c2.sh shortened): f32_dmma_stack (.carry/new3) against 77c1187
# (.carry/new2) through dispatch, no database, one round each on draw1211.txt, torch beside; the
# GPU tests that run the changed picks (the odd-row / shared-operand picks, regrouped rows, the
# sweep) and the f32 DMMA tests, in four processes, after the timings.
set -u -o pipefail
L=$OUT/run.log
export TAILOR_DB=/tmp/none.db
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
export TAILOR_DB=/tmp/none.db
for v in new2 new3; do
  echo "=== round 1 $v $(date +%T)" >> $L
  echo "=== round 1 $v" >> $OUT/ab.log
  TAILOR_CACHE_DIR=/tmp/cache-$v timeout 45 .carry/$v/tailor-bench --suite .carry/stack/draw1211.txt --no-overhead --copy-mib 512 \
    --reps 5 2>&1 | grep -v '^#' >> $OUT/ab.log
done
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 40 python3 .carry/peers.py --suite .carry/stack/draw1211.txt --only torch --out /tmp/peers.jsonl \
  > $OUT/peers.log 2>&1
echo "=== gpu tests $(date +%T)" >> $L
unset TAILOR_DB
export TAILOR_CACHE_DIR=/tmp/cache-t
t=.carry/new3/tailor_gpu_tests
(time timeout 110 $t -tc="*odd rows or a shared operand*") > $OUT/t1.log 2>&1 &
(time timeout 110 $t -tc="*rows regrouped*") > $OUT/t2.log 2>&1 &
(time timeout 110 $t -tc="gpu sweep*") > $OUT/t3.log 2>&1 &
(time timeout 110 $t -tc="*f32 on the FP64 tensor cores*") > $OUT/t4.log 2>&1 &
wait
echo "=== done $(date +%T)" >> $L
grep -E "^ +[0-9]+ " $OUT/peers.log | cut -c1-90
python3 bench/results/cong-1203/ab.py $OUT/ab.log new2 new3 | cut -c1-140
cat $L
grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" $OUT/t*.log | head -40
