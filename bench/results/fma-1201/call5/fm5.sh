set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== GPU tests, five processes ($(date +%T))" > $OUT/run.log
mkdir -p /tmp/gt
export TAILOR_CACHE_DIR=/tmp/tc
( time timeout 110 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 110 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 110 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 110 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 110 $T -tc="*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log | grep -E "MESSAGE|test cases|assertions|real|ERROR|FAIL" >> $OUT/run.log
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
for r in 1 2; do
  echo "=== round $r old ($(date +%T))" >> $OUT/run.log
  echo "=== round $r old" >> $OUT/disp_ep.log
  TAILOR_CACHE_DIR=/tmp/tc_old timeout 100 .carry/old/tailor-bench --suite .carry/dispV.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ep.log
  echo "=== round $r new ($(date +%T))" >> $OUT/run.log
  echo "=== round $r new" >> $OUT/disp_ep.log
  timeout 100 $B/tailor-bench --suite .carry/dispV.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ep.log
done
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 150 python3 .carry/peers.py --suite .carry/dispV.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
