#!/usr/bin/env bash
# Call 71: f64 slabs on the tensor cores up to 80 KB (forced beside the tiles they replace);
# problems outside the suite through dispatch beside the peers, after this stop's changes.
set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tailor-cache
echo "=== start $(date +%T)"
timeout 90 bash .carry/forcerun.sh .carry/mma71.txt 2 > $OUT/mma71.log 2>&1; cat $OUT/mma71.log
echo "=== dispatch + peers $(date +%T)"
cat bench/unseen_peers.txt .carry/mid69.txt > /tmp/after.txt
TAILOR_DB=/tmp/none.db timeout 100 $B/tailor-bench --suite /tmp/after.txt --no-overhead --copy-mib 512 --json $OUT/after71.jsonl > $OUT/after71_bench.log 2>&1
grep -v '^#' $OUT/after71_bench.log | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}'
timeout 200 python3 .carry/peers.py --suite /tmp/after.txt --compare $OUT/after71.jsonl > $OUT/after71_peers.log 2>&1
grep -v Warning $OUT/after71_peers.log | tail -42
echo "=== end $(date +%T)"
