#!/usr/bin/env bash
# Call 49: f32 matrices past the slab's 40 KB: heuristic vs snug 8x8 tiles, fixed tiles, one-matrix slabs (forced, one round).
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
B=build-gpu timeout 420 bash .carry/forcerun.sh .carry/force49.txt 1 > $OUT/force49.log 2>&1
grep -c forced $OUT/force49.log
