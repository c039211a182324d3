#!/usr/bin/env bash
# Call 2: the refined rule (.carry/new2: the tile replaces an FMA slab only where the cost
# model puts it no slower; an f32 DMMA pick is never regrouped) against the build of d2a5bc3
# (.carry/old), through dispatch with no database, alternating, one round, on draw1208c.txt
# (the picks that moved in draw1208.txt: a fresh draw over the domain, seed 1208, three shapes of call 1, and draw.py's
# sides of 40-128 with seed 1209); torch beside the new build; then every GPU test of
# new2 in six processes.
set -u -o pipefail
L=$OUT/run.log
export TAILOR_DB=/tmp/none.db
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
for r in 1; do
  for v in old new2; do
    echo "=== round $r $v $(date +%T)" >> $L
    echo "=== round $r $v" >> $OUT/ab.log
    TAILOR_CACHE_DIR=/tmp/cache-$v timeout 150 .carry/$v/tailor-bench --suite .carry/draw1208c.txt --no-overhead --copy-mib 512 \
      --json /tmp/$v-$r.jsonl 2>&1 | grep -v '^#' >> $OUT/ab.log
  done
done
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 40 python3 .carry/peers.py --suite .carry/draw1208c.txt --only torch --out /tmp/peers.jsonl \
  --compare /tmp/new2-1.jsonl > /tmp/peers.log 2>&1
echo "=== gpu tests $(date +%T)" >> $L
unset TAILOR_DB
export TAILOR_CACHE_DIR=/tmp/cache-t
t=.carry/new2/tailor_gpu_tests
g2="*(mma)*,*no vector stores*" g3="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*"
g5="*autotune*,*bulk-copied slabs*,*rows regrouped*,*odd rows or a shared operand*"
g6="*f32 on the FP64 tensor cores*,*shared operand in two buffers*,*resource report*,*DMMA tiles for f64 outputs*"
(time timeout 210 $t -tc="gpu sweep*") > $OUT/t1.log 2>&1 &
(time timeout 210 $t -tc="$g2") > $OUT/t2.log 2>&1 &
(time timeout 210 $t -tc="$g3") > $OUT/t3.log 2>&1 &
(time timeout 210 $t -tce="gpu sweep*,$g2,$g3,$g5,$g6") > $OUT/t4.log 2>&1 &
(time timeout 210 $t -tc="$g5") > $OUT/t5.log 2>&1 &
(time timeout 210 $t -tc="$g6") > $OUT/t6.log 2>&1 &
wait
echo "=== done $(date +%T)" >> $L

tail -45 /tmp/peers.log | cut -c1-90
python3 bench/results/cong-1203/ab.py $OUT/ab.log old new2 | cut -c1-130
cat $L
grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real|TEST CASE" $OUT/t?.log | head -60
