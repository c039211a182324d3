#!/usr/bin/env bash
# Call 50: f32 slabs up to 100 KB a matrix (new heuristic vs 5103696's), forced, one round; long-K f32 tiles.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
B=build-gpu timeout 300 bash .carry/forcerun.sh .carry/force50.txt 1 > $OUT/force50.log 2>&1
grep -c forced $OUT/force50.log
