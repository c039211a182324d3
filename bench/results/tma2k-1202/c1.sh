#!/usr/bin/env bash
# Call 1: ab.suite (24 problems the sector rule moves) through dispatch under the build of
# a4b460a (.carry/b2, old) and the build with the rule (.carry/new), alternating, two rounds;
# then force_a.txt (H then T2 for each problem) and force_b.txt (T2 then H) on the old build.
set -u
export SKIP_GPU_TESTS=1
mkdir -p $OUT/ab $OUT/a $OUT/b
date -u > $OUT/dates.txt
OUT=$OUT/ab SUITE=.carry/ab.suite OLD=.carry/b2/tailor-bench ROUNDS=2 timeout 330 bash bench/gpu_run.sh ab .carry/new > /dev/null 2>&1
date -u >> $OUT/dates.txt
OUT=$OUT/a FORCE=.carry/force_a.txt timeout 120 bash bench/gpu_run.sh force .carry/b2 > /dev/null 2>&1
OUT=$OUT/b FORCE=.carry/force_b.txt timeout 120 bash bench/gpu_run.sh force .carry/b2 > /dev/null 2>&1
date -u >> $OUT/dates.txt
