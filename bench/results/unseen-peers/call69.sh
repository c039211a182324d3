#!/usr/bin/env bash
# Call 69: tall and wide outputs on slabs (forced beside the tiles); mid-size problems where
# a peer was faster: tuned (what the search space holds), the peers, and dispatch.
set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tailor-cache
echo "=== start $(date +%T)"
timeout 150 bash .carry/forcerun.sh .carry/tall69.txt 1 > $OUT/tall69.log 2>&1
cat $OUT/tall69.log
echo "=== dispatch $(date +%T)"
TAILOR_DB=/tmp/none.db timeout 60 $B/tailor-bench --suite .carry/mid69.txt --no-overhead --copy-mib 512 --json $OUT/mid69.jsonl > $OUT/mid69_bench.log 2>&1
grep -v '^#' $OUT/mid69_bench.log | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}'
echo "=== peers $(date +%T)"
timeout 120 python3 .carry/peers.py --suite .carry/mid69.txt --compare $OUT/mid69.jsonl > $OUT/mid69_peers.log 2>&1
grep -v Warning $OUT/mid69_peers.log | tail -14
echo "=== tune $(date +%T)"
rm -f /tmp/t69.db*
timeout 170 $B/tailor-tune --suite .carry/mid69.txt --db /tmp/t69.db --budget-s 14 --candidates 1000 > $OUT/tune69.log 2>&1
grep -v "^#" $OUT/tune69.log | tail -12
echo "=== end $(date +%T)"
