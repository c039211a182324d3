#!/usr/bin/env bash
# One call, two rule changes through dispatch (shipped database, two rounds alternating),
# each against a944970's build (.carry/new4; main's GPU code is the same):
#  1. the tall product on the tile as given (own_stack.patch, .carry/new5) on draw1214.txt
#     (16 f32 shapes with B shared whose pick it moves);
#  2. the FMA-tile factor of 1.6 (.carry/new6) on fma_ab.txt: the 7 picks it moves among 600
#     random problems (model-1207/picks.py) and a fresh draw of 16 (draw_fma.py, seed 1215);
# then the tiny calls under new4 and new5 (T5).
set -u -o pipefail
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tailor-cache
O=$OUT
echo "=== ab stack $(date +%T)" >> $O/run.log
OUT=$O/stack SKIP_GPU_TESTS=1 SUITE=.carry/sg/draw1214.txt OLD=.carry/new4/tailor-bench bash bench/gpu_run.sh ab .carry/new5 > /dev/null 2>&1
echo "=== ab fma $(date +%T)" >> $O/run.log
OUT=$O/fma SKIP_GPU_TESTS=1 SUITE=.carry/fma/fma_ab.txt OLD=.carry/new4/tailor-bench bash bench/gpu_run.sh ab .carry/new6 > /dev/null 2>&1
echo "=== tiny calls $(date +%T)" >> $O/run.log
for b in new4 new5; do
  echo "--- $b" >> $O/run.log
  timeout 60 .carry/$b/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 2>&1 | grep -v '^#' >> $O/run.log
done
echo "=== done $(date +%T)" >> $O/run.log
rm -f $O/stack/env.txt $O/fma/env.txt $O/stack/gpu_tests.log $O/fma/gpu_tests.log
cat $O/run.log | cut -c1-150
echo "### stack"; python3 bench/results/cong-1203/ab.py $O/stack/disp_ep.log old new | cut -c1-170
echo "### fma"; python3 bench/results/cong-1203/ab.py $O/fma/disp_ep.log old new | cut -c1-170
