set -u
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
( time timeout 150 build-gpu/tests/tailor_gpu_tests -tc="*rows regrouped*,gpu sweep*" ) > $OUT/gpu_tests.log 2>&1
date -u >> $OUT/env.txt
