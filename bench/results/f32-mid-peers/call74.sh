#!/usr/bin/env bash
# Call 74: f32 matrices of 40-100 KB (A and B): the heuristic's one-matrix slab beside FMA
# tiles (sides rounded up to 8; 64 x 128; 32 x 128), and the peers.
set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tailor-cache
echo "=== start $(date +%T)"
timeout 120 bash .carry/forcerun.sh .carry/f32mid74.txt 1 > $OUT/f32mid74.log 2>&1; cat $OUT/f32mid74.log
echo "=== peers $(date +%T)"
timeout 90 python3 .carry/peers.py --suite .carry/f32mid74_suite.txt --only torch,jax > $OUT/f32mid74_peers.log 2>&1
grep -v Warning $OUT/f32mid74_peers.log | tail -11
echo "=== end $(date +%T)"
