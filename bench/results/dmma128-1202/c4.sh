#!/usr/bin/env bash
# Call 4: cp.async stages 3 against 4 on the heuristic's DMMA tiles, two fresh draws.
set -u
export SKIP_GPU_TESTS=1
mkdir -p $OUT/a $OUT/b
OUT=$OUT/a FORCE=.carry/force5.txt bash bench/gpu_run.sh force .carry/b2 > /dev/null 2>&1
OUT=$OUT/b FORCE=.carry/force6.txt bash bench/gpu_run.sh force .carry/b2 > /dev/null 2>&1
cat $OUT/a/env.txt; cat $OUT/a/force.log; echo "=== draw B"; cat $OUT/b/force.log
