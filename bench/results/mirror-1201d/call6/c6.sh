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
log ab
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/m/tailor-bench-old; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
  TAILOR_CACHE_DIR=$c timeout 120 $bin --suite .carry/m/dispD3.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
done; done
log peers
timeout 120 python3 .carry/peers.py --suite .carry/m/dispD3.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log tune
TAILOR_CACHE_DIR=/tmp/tc timeout 60 $B/tailor-tune --shape 147058x236x19x1 --dtype f32 --bcast A --budget-s 25 --db /tmp/t.db > $OUT/tune.log 2>&1; echo "tune rc=$?" >> $OUT/tune.log
log end
grep -E "MESSAGE|test cases|assertions|real|ERROR" $OUT/gpu_tests.log
