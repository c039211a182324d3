#!/usr/bin/env bash
# Call 3: more cp.async stages (5, 6) for DMMA tiles, forced, in order and reversed.
set -u
export SKIP_GPU_TESTS=1
mkdir -p $OUT/a $OUT/b
OUT=$OUT/a FORCE=.carry/force3.txt bash bench/gpu_run.sh force .carry/b2 > /dev/null 2>&1
OUT=$OUT/b FORCE=.carry/force3r.txt bash bench/gpu_run.sh force .carry/b2 > /dev/null 2>&1
cat $OUT/a/env.txt; cat $OUT/a/force.log; echo "=== reversed"; cat $OUT/b/force.log
