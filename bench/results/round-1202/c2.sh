#!/usr/bin/env bash
# Call 2: the GPU tests of the build with the matrix-vector rule (.carry/new), then
# ab_mv.suite (draw_ab_mv.py seed 1313: 24 fresh matrix-vector products the rule moves)
# through dispatch under the build of a4716a8 (.carry/old) and the new one, alternating, two
# rounds; then force_big.txt (draw_big.py seed 1414: 16 FMA slabs of more than 128 threads
# with whole-sector runs, H and T2) on the new build.
set -u
mkdir -p $OUT/ab $OUT/big
date -u > $OUT/dates.txt
OUT=$OUT/ab SUITE=.carry/ab_mv.suite OLD=.carry/old/tailor-bench ROUNDS=2 timeout 560 bash bench/gpu_run.sh ab .carry/new > /dev/null 2>&1
date -u >> $OUT/dates.txt
SKIP_GPU_TESTS=1 OUT=$OUT/big FORCE=.carry/force_big.txt timeout 150 bash bench/gpu_run.sh force .carry/new > /dev/null 2>&1
date -u >> $OUT/dates.txt
cat $OUT/ab/env.txt $OUT/dates.txt > $OUT/info.txt; rm -f $OUT/dates.txt $OUT/ab/env.txt $OUT/big/env.txt $OUT/big/gpu_tests.log
