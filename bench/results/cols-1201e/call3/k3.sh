set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
export TAILOR_CACHE_DIR=/tmp/tc
T=$B/tests/tailor_gpu_tests
log GPU tests, five processes
mkdir -p /tmp/gt
( time timeout 220 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 220 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 220 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 220 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*,*rows regrouped*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 220 $T -tc="*autotune*,*bulk-copied slabs*,*rows regrouped*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
log ab
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/m/tailor-bench-039; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc_new; fi
  for f in disp2 disp1; do
    TAILOR_CACHE_DIR=$c timeout 100 $bin --suite .carry/m/$f.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
  done
done; done
log peers
timeout 100 python3 .carry/peers.py --suite .carry/m/disp2.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log end
grep -E "MESSAGE|test cases|assertions|real|ERROR" $OUT/gpu_tests.log | head -40
