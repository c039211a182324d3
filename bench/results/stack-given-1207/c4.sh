#!/usr/bin/env bash
# One call: the tall product on the tile as given (f32, B shared, where the 64 x 64 stack is
# declined) through dispatch: a944970's build (.carry/new4) against this one (.carry/new5)
# on draw1214.txt (draw_ab.py,
# seed 1214: 16 of 91 drawn shapes whose pick moves), two rounds alternating, and the tiny
# calls under both builds (the caller's context kept since a944970). WITH_TESTS=1 runs the
# GPU tests of f32 on the FP64 tensor cores first (every run below is checked against the
# float64 reference anyway).
set -u -o pipefail
export OUT
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tailor-cache
if [ -n "${WITH_TESTS:-}" ]; then
  echo "=== gpu tests $(date +%T)" >> $OUT/run.log
  (time timeout 150 .carry/new5/tailor_gpu_tests -tc="*f32 on the FP64 tensor cores*,*f32 with a side past 64*") >> $OUT/run.log 2>&1
fi
echo "=== ab $(date +%T)" >> $OUT/run.log
SKIP_GPU_TESTS=1 SUITE=.carry/sg/draw1214.txt OLD=.carry/new4/tailor-bench bash bench/gpu_run.sh ab .carry/new5 > $OUT/ab_run.log 2>&1
echo "=== tiny calls $(date +%T)" >> $OUT/run.log
for b in new4 new5; do
  echo "--- $b" >> $OUT/run.log
  timeout 60 .carry/$b/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 2>&1 | grep -v '^#' >> $OUT/run.log
done
echo "=== done $(date +%T)" >> $OUT/run.log
grep -E "MESSAGE|FAILED|test cases|assertions|real|ratio|tiny|---|===" $OUT/run.log | cut -c1-150
python3 bench/results/cong-1203/ab.py $OUT/disp_ep.log old new | cut -c1-140
