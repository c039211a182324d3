#!/usr/bin/env bash
# Call 59: narrow products with K 65-90 that the K > 64 rule moves to bulk-copied slabs,
# forced old vs new, two rounds.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
B=build-gpu timeout 200 bash .carry/forcerun.sh .carry/force59.txt 2 > $OUT/force59.log 2>&1
tail -4 $OUT/force59.log
