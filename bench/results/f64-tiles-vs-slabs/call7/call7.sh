set -u
export TAILOR_CACHE_DIR=/tmp/tc
SKIP_GPU_TESTS=1 FORCE=.carry/force9.txt timeout 150 bash bench/gpu_run.sh force build-gpu > $OUT/force9.log 2>&1
rm -f $OUT/force.log $OUT/gpu_tests.log
