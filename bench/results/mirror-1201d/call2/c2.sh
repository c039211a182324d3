set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
mkdir -p /tmp/gt
( time timeout 200 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 200 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 200 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 200 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*,*rows regrouped*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 200 $T -tc="*autotune*,*bulk-copied slabs*,*rows regrouped*" ) > /tmp/gt/gt5.log 2>&1 &
wait
echo "=== tests done $(date +%T)" >> $OUT/env.txt
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
for r in 1 2; do echo "=== round $r $(date +%T)" >> $OUT/env.txt; echo "=== round $r" >> $OUT/force.log
  timeout 170 bash .carry/m/force.sh .carry/m/forceTr.txt >> $OUT/force.log 2>&1
done
echo "=== peers $(date +%T)" >> $OUT/env.txt
timeout 90 python3 .carry/peers.py --suite .carry/m/pTr.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
date -u >> $OUT/env.txt
grep -E "test cases|assertions|real" $OUT/gpu_tests.log
