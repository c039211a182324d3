set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== GPU tests, five processes ($(date +%T))" > $OUT/run.log
mkdir -p /tmp/gt
( time timeout 140 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 140 $T -tc="*(mma)*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 140 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 140 $T -tce="gpu sweep*,*(mma)*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 140 $T -tc="*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log | grep -E "MESSAGE|test cases|assertions|real|ERROR|FAIL" >> $OUT/run.log
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
echo "=== forced ($(date +%T))" >> $OUT/run.log
SKIP_GPU_TESTS=1 FORCE=.carry/force_lr5.txt timeout 150 bash bench/gpu_run.sh force build-gpu > /dev/null 2>&1
cp /tmp/tailor-out/force.log $OUT/force.log 2>/dev/null; cp $OUT/force.log /dev/null
echo "=== dispatch ($(date +%T))" >> $OUT/run.log
TAILOR_DB=/tmp/none.db timeout 150 $B/tailor-bench --suite .carry/disp_lr5.txt --no-overhead --copy-mib 512 --json $OUT/disp.jsonl >> $OUT/run.log 2>&1
timeout 200 python3 .carry/peers.py --suite .carry/disp_lr5.txt --only torch,jax --out $OUT/peers.jsonl --compare $OUT/disp.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
