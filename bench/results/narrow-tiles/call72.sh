#!/usr/bin/env bash
# Call 72: tall and wide outputs past the slab's 112 KB: narrow FMA tiles (N or M rounded up
# to 8, cp.async stages) beside the heuristic's 128 x 16 / 16 x 128 tiles; the peers.
set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tailor-cache
echo "=== start $(date +%T)"
timeout 200 bash .carry/forcerun.sh .carry/narrow72.txt 1 > $OUT/narrow72.log 2>&1; cat $OUT/narrow72.log
echo "=== peers $(date +%T)"
timeout 100 python3 .carry/peers.py --suite .carry/narrow72_suite.txt --only torch,jax > $OUT/narrow72_peers.log 2>&1
grep -v Warning $OUT/narrow72_peers.log | tail -8
echo "=== end $(date +%T)"
