set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== GPU tests, five processes ($(date +%T))" > $OUT/run.log
mkdir -p /tmp/gt
export TAILOR_CACHE_DIR=/tmp/tc
( time timeout 150 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 150 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 150 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 150 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 150 $T -tc="*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log | grep -E "MESSAGE|test cases|assertions|real|ERROR|FAIL" >> $OUT/run.log
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
echo "=== dispatch, build of 716b7df ($(date +%T))" >> $OUT/run.log
TAILOR_CACHE_DIR=/tmp/tc_old TAILOR_DB=/tmp/none.db timeout 120 .carry/old/tailor-bench --suite .carry/draw1217.txt --no-overhead --copy-mib 512 --json $OUT/disp_old.jsonl > $OUT/disp_old.log 2>&1
echo "=== dispatch, this build ($(date +%T))" >> $OUT/run.log
TAILOR_DB=/tmp/none.db timeout 120 $B/tailor-bench --suite .carry/draw1217.txt --no-overhead --copy-mib 512 --json $OUT/disp.jsonl > $OUT/disp.log 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 150 python3 .carry/peers.py --suite .carry/draw1217.txt --only torch,jax --out $OUT/peers.jsonl --compare $OUT/disp.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
