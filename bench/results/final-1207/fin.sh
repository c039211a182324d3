#!/usr/bin/env bash
# The final table: bench/gpu_run.sh's final mode on the build carried as .carry/fin-$1
# (tailor-bench, tests/tailor_gpu_tests; ../shared/bench/{suite.txt,peers.py} as .carry/):
# every GPU test in six processes, the suite (shipped database), the tiny calls, the peers
# in the same run, the plots, tuning on first use, bench/outside_suite.txt.
set -u -o pipefail
bash bench/gpu_run.sh final ".carry/fin-$1" > /dev/null 2>&1
python3 bench/targets.py "$OUT/tailor.jsonl" 2>&1 | tail -14
tail -50 "$OUT/peers.log" | cut -c1-100
grep -E "ratio|MESSAGE: ran|FAILED|CRASHED|test cases|assertions|Status|real|===" "$OUT/run.log" | cut -c1-140 | head -60
ls $OUT
