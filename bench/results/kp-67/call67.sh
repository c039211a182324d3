#!/usr/bin/env bash
# Call 67: kp (padded rows, zero-padded reduction): GPU tests of it and the random sweep; forced timings.
set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tailor-cache
echo "=== start $(date +%T)"
timeout 200 $B/tests/tailor_gpu_tests -tc="*kp*,gpu sweep*" > $OUT/gputests.log 2>&1; echo "gpu tests rc $?"
tail -4 $OUT/gputests.log; grep -E "ERROR|FAILED" $OUT/gputests.log | head -20
echo "=== forced $(date +%T)"
timeout 330 bash .carry/forcerun.sh .carry/kp1.txt 1 > $OUT/force67.log 2>&1
cat $OUT/force67.log
echo "=== end $(date +%T)"
