set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
export TAILOR_CACHE_DIR=/tmp/tc
T=$B/tests/tailor_gpu_tests
log GPU tests, five processes
mkdir -p /tmp/gt
( time timeout 200 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 200 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 200 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 200 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*,*rows regrouped*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 200 $T -tc="*autotune*,*bulk-copied slabs*,*rows regrouped*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
grep -E "MESSAGE|test cases|assertions|real|ERROR" $OUT/gpu_tests.log
