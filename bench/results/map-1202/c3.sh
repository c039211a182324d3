# Call 3 (build of 3646351): a fresh map of 64 problems outside the suite (draw.py 1203 8)
# through dispatch with the shipped database only, then torch and JAX on the same problems.
set -u
export TAILOR_CACHE_DIR=/tmp/c3c
B=.carry/b
TAILOR_DB=/tmp/none.db $B/tailor-bench --suite .carry/map.txt --no-overhead --copy-mib 512 --json $OUT/map.jsonl > $OUT/map.log 2>&1
timeout 400 python3 .carry/peers.py --suite .carry/map.txt --only torch,jax --out $OUT/peers.jsonl --compare $OUT/map.jsonl > $OUT/peers.log 2>&1
tail -70 $OUT/peers.log
