set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
SKIP_GPU_TESTS=1 FORCE=.carry/force7.txt timeout 200 bash bench/gpu_run.sh force build-gpu > $OUT/force7.log 2>&1
rm -f $OUT/force.log $OUT/gpu_tests.log
TAILOR_DB=/tmp/none.db TAILOR_LOG=1 timeout 40 $B/tailor-bench --suite .carry/disp5.txt --no-overhead --copy-mib 512 > $OUT/disp5_bench.log 2>&1
