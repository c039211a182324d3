# Call 2 (build of 3646351, main): force2.txt (slabs of one or two matrices not whole 16-byte
# units on the threads' cp.async, tma = 2, beside tma = 1 and the records), then
# bench/outside_suite.txt through dispatch with the shipped database only.
set -u
export TAILOR_CACHE_DIR=/tmp/c2c
B=.carry/b
SKIP_GPU_TESTS=1 FORCE=.carry/force.txt bash bench/gpu_run.sh force $B > /dev/null 2>&1
TAILOR_DB=/tmp/none.db $B/tailor-bench --suite bench/outside_suite.txt --no-overhead --copy-mib 512 --json $OUT/outside.jsonl > $OUT/outside.log 2>&1
grep -h "tailor_" $OUT/force.log | cut -c1-40,60-82,118-
tail -3 $OUT/outside.log
