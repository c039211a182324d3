#!/usr/bin/env bash
# Call 68: problems outside the suite beside the peers (shipped database, dispatch).
set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tailor-cache
echo "=== start $(date +%T)"
TAILOR_DB=/tmp/none.db timeout 200 $B/tailor-bench --suite bench/unseen_peers.txt --json $OUT/unseen.jsonl > $OUT/unseen_bench.log 2>&1; echo "bench rc $?"
grep -v '^#' $OUT/unseen_bench.log | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}'
echo "=== peers $(date +%T)"
timeout 300 python3 .carry/peers.py --suite bench/unseen_peers.txt --compare $OUT/unseen.jsonl --out $OUT/unseen_peers.jsonl > $OUT/unseen_peers.log 2>&1; echo "peers rc $?"
cat $OUT/unseen_peers.log | grep -v Warning | tail -40
echo "=== end $(date +%T)"
