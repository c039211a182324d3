#!/usr/bin/env bash
# Call 2: through dispatch (no database), the build before the rule (.carry/h, d2a5bc3) and
# after it (.carry/n) alternating, twice each, on set.txt (the draw the rule was read from)
# and draw1206.txt (a fresh draw, seed 1206, with a group of whole rows); torch and JAX on
# draw1206.txt; then the new build's GPU tests in six processes.
set -u -o pipefail
L=$OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tailor-cache TAILOR_DB=/tmp/none.db
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
for r in 1 2; do
  for s in set draw1206; do
    for v in h n; do
      echo "=== $r $s $v $(date +%T)" >> $L
      .carry/$v/tailor-bench --suite .carry/$s.txt --no-overhead --copy-mib 512 --json $OUT/$s-$v-$r.jsonl > $OUT/$s-$v-$r.log 2>&1
    done
  done
done
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 200 python3 .carry/peers.py --suite .carry/draw1206.txt --only torch,jax --out $OUT/peers.jsonl --compare $OUT/draw1206-n-1.jsonl > $OUT/peers.log 2>&1
echo "=== gpu tests $(date +%T)" >> $L
unset TAILOR_DB
t=.carry/n/tests/tailor_gpu_tests d=$(mktemp -d)
g2="*(mma)*,*no vector stores*" g3="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*"
g5="*autotune*,*bulk-copied slabs*,*rows regrouped*"
g6="*f32 on the FP64 tensor cores*,*shared operand in two buffers*,*resource report*,*DMMA tiles for f64 outputs*"
(time timeout 280 $t -tc="gpu sweep*") > $d/1.log 2>&1 &
(time timeout 280 $t -tc="$g2") > $d/2.log 2>&1 &
(time timeout 280 $t -tc="$g3") > $d/3.log 2>&1 &
(time timeout 280 $t -tce="gpu sweep*,$g2,$g3,$g5,$g6") > $d/4.log 2>&1 &
(time timeout 280 $t -tc="$g5") > $d/5.log 2>&1 &
(time timeout 280 $t -tc="$g6") > $d/6.log 2>&1 &
wait
cat $d/*.log | grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" >> $L
echo "=== done $(date +%T)" >> $L
cat $L
tail -32 $OUT/peers.log
