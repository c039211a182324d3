set -u
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env0.txt; date -u >> $OUT/env0.txt
SKIP_GPU_TESTS=1 FORCE=.carry/force_c7.txt timeout 200 bash bench/gpu_run.sh force build-gpu > /dev/null 2>&1
mv $OUT/force.log $OUT/force_r1.log
date -u >> $OUT/env0.txt
