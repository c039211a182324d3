#!/usr/bin/env bash
# Prepared for the next call (not yet run): cf3ee96's rule (the tall product of a shared B where
# the tile as given is not 64 x 64 and the stack pads 10 % more at most) through dispatch. The
# build of 12e851d carried as .carry/new3 and cf3ee96's as .carry/new4 (tailor-bench,
# tailor_gpu_tests), draw1213.txt (draw_ab.py, seed 1213: 20 f32 shapes with B shared whose pick
# moves) as .carry/snug/draw1213.txt, ../shared/bench/peers.py as .carry/. No database; old and
# new alternating, two rounds (the first round of each compiles its kernels), torch beside;
# then the GPU tests that take these picks. Pair with bench/results/cong-1203/ab.py.
set -u -o pipefail
L=$OUT/run.log
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
export TAILOR_DB=/tmp/none.db
for r in 1 2; do
  for v in new3 new4; do
    echo "=== round $r $v $(date +%T)" >> $L
    echo "=== round $r $v" >> $OUT/ab.log
    TAILOR_CACHE_DIR=/tmp/cache-$v timeout 90 .carry/$v/tailor-bench --suite .carry/snug/draw1213.txt --no-overhead \
      --copy-mib 512 --reps 5 2>&1 | grep -v '^#' >> $OUT/ab.log
  done
done
echo "=== torch $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 60 python3 .carry/peers.py --suite .carry/snug/draw1213.txt --only torch --out /tmp/p.jsonl \
  > $OUT/peers.log 2>&1
echo "=== gpu tests $(date +%T)" >> $L
unset TAILOR_DB
export TAILOR_CACHE_DIR=/tmp/cache-t
t=.carry/new4/tailor_gpu_tests
(time timeout 300 $t -tc="*odd rows or a shared operand*") > $OUT/t1.log 2>&1 &
(time timeout 300 $t -tc="*rows regrouped*") > $OUT/t2.log 2>&1 &
(time timeout 300 $t -tc="gpu sweep*") > $OUT/t3.log 2>&1 &
(time timeout 300 $t -tc="*f32 on the FP64 tensor cores*") > $OUT/t4.log 2>&1 &
wait
echo "=== done $(date +%T)" >> $L
grep -E "torch=" $OUT/peers.log | cut -c1-90
python3 bench/results/cong-1203/ab.py $OUT/ab.log new3 new4 | cut -c1-140
cat $L
grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" $OUT/t*.log | head -40
