#!/usr/bin/env bash
# Call 37: two buffers fed by bulk copies (st = 2, tma = 1) on a persistent grid against the
# one-buffer bulk-copied slab, forced side by side; GPU tests of the new path first.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call37.log
echo "=== tests $(date +%T)" | tee $L
timeout 100 build-gpu/tests/tailor_gpu_tests 2>&1 | grep -E "ERROR|error|failed|Status|test cases|ran " | head -30 | tee -a $L
bash .carry/forcerun.sh .carry/force37.txt 2 2>&1 | grep -v '^problem' | tee -a $L
echo "=== end $(date +%T)" | tee -a $L
