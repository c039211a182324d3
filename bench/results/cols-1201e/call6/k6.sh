set -u
B=build-gpu  # call 6 of bench/NOTES.md (script k5.sh when run)
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
export TAILOR_CACHE_DIR=/tmp/tc
T=$B/tests/tailor_gpu_tests
log settle check
for bin in .carry/m/tailor-bench-039 $B/tailor-bench; do
  TAILOR_LOG=1 TAILOR_CACHE_DIR=/tmp/tcs_$RANDOM timeout 60 $bin --shape 49867x38x9x8 --dtype f64 --bcast A --reps 2 --no-overhead 2>&1 | grep -E "loaded|->" >> $OUT/settle.log
done
log GPU tests, five processes
mkdir -p /tmp/gt
( time timeout 230 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 230 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 230 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 230 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*,*rows regrouped*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 230 $T -tc="*autotune*,*bulk-copied slabs*,*rows regrouped*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
log ab
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/m/tailor-bench-039; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc_new; fi
  for f in disp3 disp4; do
    TAILOR_CACHE_DIR=$c timeout 100 $bin --suite .carry/m/$f.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
  done
done; done
log peers
cat .carry/m/disp3.txt .carry/m/disp4.txt > /tmp/p34.txt
timeout 120 python3 .carry/peers.py --suite /tmp/p34.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log end
cat $OUT/settle.log; grep -E "MESSAGE|test cases|assertions|real|ERROR" $OUT/gpu_tests.log | head -40
