#!/usr/bin/env bash
# Call 61: 5x80x7 f64 (lost through dispatch in call 60) and 5x84x7 f64, old vs new, 3 rounds.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
B=build-gpu timeout 60 bash .carry/forcerun.sh .carry/force61.txt 3 > $OUT/force61.log 2>&1
grep forced $OUT/force61.log
