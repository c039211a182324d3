#!/usr/bin/env bash
# Call 1: force_round.txt (draw_round.py seed 1202: 33^3 f32 and f64, then 24 fresh slabs
# whose runs are not whole sectors; H, R1, R2) and force_mv.txt (draw_mv.py seed 1212: 24
# matrix-vector products; H, T2, R2), forced on the build of a4716a8 (.carry/new).
set -u
export SKIP_GPU_TESTS=1
mkdir -p $OUT/r $OUT/mv
date -u > $OUT/dates.txt
OUT=$OUT/r FORCE=.carry/force_round.txt timeout 330 bash bench/gpu_run.sh force .carry/new > /dev/null 2>&1
date -u >> $OUT/dates.txt
OUT=$OUT/mv FORCE=.carry/force_mv.txt timeout 200 bash bench/gpu_run.sh force .carry/new > /dev/null 2>&1
date -u >> $OUT/dates.txt
cat $OUT/r/env.txt $OUT/dates.txt > $OUT/info.txt; rm -f $OUT/dates.txt $OUT/r/env.txt $OUT/mv/env.txt
