#!/usr/bin/env bash
# Call 2: f32_dmma_stack (.carry/new3) against 77c1187 (.carry/new2) through dispatch, no
# database, alternating, two rounds, on a fresh draw (draw1211.txt: 24 shapes of sides 40-256
# with B shared whose pick becomes the tall product); torch beside; then every GPU test of new3.
set -u -o pipefail
L=$OUT/run.log
export TAILOR_DB=/tmp/none.db
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
for r in 1 2; do
  for v in new2 new3; do
    echo "=== round $r $v $(date +%T)" >> $L
    echo "=== round $r $v" >> $OUT/ab.log
    TAILOR_CACHE_DIR=/tmp/cache-$v timeout 45 .carry/$v/tailor-bench --suite .carry/stack/draw1211.txt --no-overhead --copy-mib 512 \
      --reps 5 2>&1 | grep -v '^#' >> $OUT/ab.log
  done
done
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 40 python3 .carry/peers.py --suite .carry/stack/draw1211.txt --only torch --out /tmp/peers.jsonl \
  > $OUT/peers.log 2>&1
echo "=== gpu tests $(date +%T)" >> $L
unset TAILOR_DB
export TAILOR_CACHE_DIR=/tmp/cache-t
t=.carry/new3/tailor_gpu_tests
g2="*(mma)*,*no vector stores*" g3="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*"
g5="*autotune*,*bulk-copied slabs*,*rows regrouped*,*odd rows or a shared operand*"
g6="*f32 on the FP64 tensor cores*,*shared operand in two buffers*,*resource report*,*DMMA tiles for f64 outputs*"
(time timeout 190 $t -tc="gpu sweep*") > $OUT/t1.log 2>&1 &
(time timeout 190 $t -tc="$g2") > $OUT/t2.log 2>&1 &
(time timeout 190 $t -tc="$g3") > $OUT/t3.log 2>&1 &
(time timeout 190 $t -tce="gpu sweep*,$g2,$g3,$g5,$g6") > /tmp/t4.log 2>&1 &
(time timeout 190 $t -tc="$g5") > /tmp/t5.log 2>&1 &
(time timeout 190 $t -tc="$g6") > /tmp/t6.log 2>&1 &
wait
cat /tmp/t4.log /tmp/t5.log /tmp/t6.log > $OUT/t456.log
echo "=== done $(date +%T)" >> $L
grep -E "^ +[0-9]+ " $OUT/peers.log | cut -c1-90
python3 bench/results/cong-1203/ab.py $OUT/ab.log new2 new3 | cut -c1-140
cat $L
grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" $OUT/t*.log | head -60
