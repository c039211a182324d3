#!/usr/bin/env bash
# Call 57: small sides (2-8) with reductions of 40-95, forced: the heuristic's threads' slab,
# the same bulk-copied (cs, tma), and the bulk-copied slab's own pick (mid-size rule).
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
B=build-gpu timeout 400 bash .carry/forcerun.sh .carry/force57.txt 2 > $OUT/force57.log 2>&1
tail -3 $OUT/force57.log
