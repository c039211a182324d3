set -u
SKIP_GPU_TESTS=1 FORCE=.carry/force2.txt timeout 560 bash bench/gpu_run.sh force build-gpu > $OUT/call2.log 2>&1
