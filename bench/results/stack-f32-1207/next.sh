#!/usr/bin/env bash
# Prepared for the next call (not yet run): bench/gpu_run.sh's final mode on the build carried
# as .carry/new3 (tailor-bench, tailor_gpu_tests; ../shared/bench/{suite.txt,peers.py} as
# .carry/): every GPU test in six processes, the suite (shipped database), the tiny calls,
# the peers in the same run, the plots, tuning on first use, bench/outside_suite.txt.
set -u -o pipefail
TESTS=.carry/new3/tailor_gpu_tests bash bench/gpu_run.sh final .carry/new3
python3 bench/targets.py "$OUT/tailor.jsonl" 2>&1 | tail -12
tail -50 "$OUT/peers.log" | cut -c1-100
grep -E "ratio|MESSAGE: ran|FAILED|CRASHED|test cases|assertions|Status" "$OUT/run.log" | cut -c1-140 | head -40
