#!/usr/bin/env bash
# Call 70: GPU tests (tall and wide slabs, the neighbour rule); tall and wide outputs: the
# fresh draw's slabs beside the tiles they replace, then all through dispatch beside the
# peers; f64 mid-size: the heuristic's pick beside mma-slab orientations.
set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tailor-cache
echo "=== start $(date +%T)"
timeout 300 $B/tests/tailor_gpu_tests > $OUT/gputests.log 2>&1; echo "gpu tests rc $?"
tail -4 $OUT/gputests.log; grep -E "ERROR|FAILED" $OUT/gputests.log | head -20
echo "=== tall forced $(date +%T)"
timeout 60 bash .carry/forcerun.sh .carry/tall70.txt 1 > $OUT/tall70.log 2>&1; cat $OUT/tall70.log
echo "=== tall dispatch + peers $(date +%T)"
TAILOR_DB=/tmp/none.db timeout 60 $B/tailor-bench --suite .carry/tallpeers70.txt --no-overhead --copy-mib 512 --json $OUT/tall70.jsonl > $OUT/tall70_bench.log 2>&1
grep -v '^#' $OUT/tall70_bench.log | awk '{print $1,$2,$3,$4,$5,$(NF-1),$NF}'
timeout 120 python3 .carry/peers.py --suite .carry/tallpeers70.txt --compare $OUT/tall70.jsonl > $OUT/tall70_peers.log 2>&1
grep -v Warning $OUT/tall70_peers.log | tail -21
echo "=== f64 mid forced $(date +%T)"
timeout 80 bash .carry/forcerun.sh .carry/mid70.txt 1 > $OUT/mid70.log 2>&1; cat $OUT/mid70.log
echo "=== end $(date +%T)"
