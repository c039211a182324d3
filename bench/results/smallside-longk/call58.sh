#!/usr/bin/env bash
# Call 58: a fresh draw of sides 2-8 with K 65-95: the old heuristic (threads' slab) and the
# new (bulk-copied slab) forced, two rounds; then through dispatch with the new build.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
B=build-gpu timeout 300 bash .carry/forcerun.sh .carry/force58.txt 2 > $OUT/force58.log 2>&1
TAILOR_DB=/tmp/none.db timeout 100 build-gpu/tailor-bench --suite .carry/fam58suite.txt --no-overhead --copy-mib 512 >> $OUT/force58.log 2>&1
tail -12 $OUT/force58.log
