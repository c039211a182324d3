#!/usr/bin/env bash
# Call 5: force_one.txt (draw_one.py on call 4's fam.suite: dispatch's plan D beside one-matrix
# slabs of 64 threads, O1 / O2 / O1s) forced on the build of f37b2bd (.carry/new).
set -u
SKIP_GPU_TESTS=1 FORCE=.carry/force_one.txt timeout 300 bash bench/gpu_run.sh force .carry/new > /dev/null 2>&1
rm -f $OUT/gpu_tests.log
