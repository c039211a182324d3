#!/usr/bin/env bash
# Call 51: GPU tests; fresh f32 draw (seed 5151) old vs new heuristic, forced; the suite with the shipped database.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
(time timeout 240 build-gpu/tests/tailor_gpu_tests) > $OUT/gputests.log 2>&1
tail -4 $OUT/gputests.log
B=build-gpu timeout 120 bash .carry/forcerun.sh .carry/force51.txt 1 > $OUT/force51.log 2>&1
grep -c forced $OUT/force51.log
timeout 150 build-gpu/tailor-bench --suite .carry/suite.txt --json $OUT/tailor.jsonl > $OUT/bench.log 2>&1
tail -3 $OUT/bench.log
