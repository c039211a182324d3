#!/usr/bin/env bash
# Call 1 (build of d2a5bc3, .carry/h): a fresh map of 48 problems outside the suite
# (draw.py 1204 6) through dispatch with the shipped database only, torch and JAX on the same
# problems, the tiny calls twice, then the GPU tests in six processes.
set -u -o pipefail
B=.carry/h L=$OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tailor-cache
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
echo "=== map $(date +%T)" >> $L
TAILOR_DB=/tmp/none.db $B/tailor-bench --suite .carry/map1204.txt --no-overhead --copy-mib 512 --json $OUT/map.jsonl > $OUT/map.log 2>&1
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 300 python3 .carry/peers.py --suite .carry/map1204.txt --only torch,jax --out $OUT/peers.jsonl --compare $OUT/map.jsonl > $OUT/peers.log 2>&1
echo "=== tiny calls $(date +%T)" >> $L
for r in 1 2; do
  TAILOR_DB=/tmp/none.db $B/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $L 2>&1
done
echo "=== gpu tests $(date +%T)" >> $L
t=$B/tests/tailor_gpu_tests d=$(mktemp -d)
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
tail -60 $OUT/peers.log
