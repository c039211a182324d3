set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== GPU tests, five processes ($(date +%T))" > $OUT/run.log
mkdir -p /tmp/gt
( time timeout 150 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 150 $T -tc="*(mma)*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 150 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 150 $T -tce="gpu sweep*,*(mma)*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 150 $T -tc="*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log | grep -E "MESSAGE|test cases|assertions|real|ERROR|FAIL" >> $OUT/run.log
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
echo "=== forced ($(date +%T))" >> $OUT/run.log
for r in 1 2; do SKIP_GPU_TESTS=1 FORCE=.carry/force_c3.txt timeout 150 bash bench/gpu_run.sh force build-gpu > /dev/null 2>&1; mv $OUT/force.log $OUT/force_r$r.log; done
echo "=== dispatch ($(date +%T))" >> $OUT/run.log
TAILOR_DB=/tmp/none.db timeout 150 $B/tailor-bench --suite .carry/draw1130.txt --no-overhead --copy-mib 512 --json $OUT/disp.jsonl >> $OUT/run.log 2>&1
date -u >> $OUT/run.log
