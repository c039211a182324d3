#!/usr/bin/env bash
# Prepared for the next call (not yet run): the table of record on an H200 with main's final
# kernels. Carry .carry/fin-main (tailor-bench and tests/tailor_gpu_tests of a build of main:
# cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DTAILOR_PORTABLE=ON -DTAILOR_WITH_LLVM=OFF)
# and ../shared/bench/{suite.txt,peers.py} as .carry/. bench/gpu_run.sh's final mode: every GPU
# test in six processes, the suite (shipped database), the tiny calls, the peers in the same
# run, the plots, tuning on first use, bench/outside_suite.txt.
set -u -o pipefail
bash bench/gpu_run.sh final .carry/fin-main > /dev/null 2>&1
python3 bench/targets.py "$OUT/tailor.jsonl" 2>&1 | tail -14
tail -50 "$OUT/peers.log" | cut -c1-100
grep -E "ratio|MESSAGE: ran|FAILED|CRASHED|test cases|assertions|Status|real|===" "$OUT/run.log" | cut -c1-140 | head -60
