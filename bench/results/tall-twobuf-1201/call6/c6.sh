set -u
B=build-gpu
W=/tmp/w; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
log GPU tests, five processes
mkdir -p /tmp/gt
T=$B/tests/tailor_gpu_tests
export TAILOR_CACHE_DIR=/tmp/c6tc
( time timeout 230 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 230 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 230 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 230 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*,*rows regrouped*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 230 $T -tc="*autotune*,*bulk-copied slabs*,*rows regrouped*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log > $W/gpu_tests.log
unset TAILOR_CACHE_DIR
log ab
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $W/ab.log
  if [ $side = old ]; then bin=.carry/n/tailor-bench-6bc; else bin=$B/tailor-bench; fi
  TAILOR_CACHE_DIR=/tmp/c6_$side timeout 150 $bin --suite .carry/n/val6.txt --no-overhead --copy-mib 512 --json $W/ab_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $W/ab.log
done; done
log sanitizer
for s in "225603x10x12x2 f32" "184355x22x14x2 f32" "1x2117920x11x1 f32"; do for t in memcheck racecheck; do
  echo "--- $t $s" >> $W/san.log
  TAILOR_CACHE_DIR=/tmp/c6_new timeout 60 compute-sanitizer --tool $t --print-limit 5 $B/tailor-bench --shape ${s% *} --dtype ${s#* } --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -E "SUMMARY|FAILED|ERROR" | head -3 >> $W/san.log
done; done
log peers
timeout 150 python3 .carry/peers.py --suite .carry/n/val6.txt --only torch,jax --out $W/peers.jsonl > $W/peers.out 2>&1
for s in old new; do python3 .carry/n/vs.py $W/ab_${s}_2.jsonl $W/peers.jsonl > $W/vs_$s.txt; done
log end
tar czf $OUT/c6.tgz -C $W .
cat $W/env.txt; grep -E "test cases|assertions|real|ERROR|FAILED" $W/gpu_tests.log | head -30; cat $W/san.log; for s in old new; do tail -1 $W/vs_$s.txt; done
