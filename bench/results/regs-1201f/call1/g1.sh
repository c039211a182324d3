set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
log settle ab
printf "49867 38 9 8 f64 bcastA\n68933 102 34 4 f32 bcastA\n33422 79 23 11 f32 bcastA\n27573 119 17 10 f32 bcastA\n" > /tmp/s.txt
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/m/tailor-bench-039; c=/tmp/g1c_old; else bin=$B/tailor-bench; c=/tmp/g1c_new; fi
  TAILOR_LOG=1 TAILOR_CACHE_DIR=$c timeout 60 $bin --suite /tmp/s.txt --no-overhead --copy-mib 512 2>>$OUT/log_$side.txt | grep -v '^#' >> $OUT/ab.log
done; done
log GPU tests, five processes
export TAILOR_CACHE_DIR=/tmp/g1tc
T=$B/tests/tailor_gpu_tests
mkdir -p /tmp/gt
( time timeout 230 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 230 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 230 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 230 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*,*rows regrouped*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 230 $T -tc="*autotune*,*bulk-copied slabs*,*rows regrouped*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
log draw
grep -v '^#' .carry/m/drawG1.txt > /tmp/d.txt
TAILOR_CACHE_DIR=/tmp/g1d timeout 150 $B/tailor-bench --suite /tmp/d.txt --no-overhead --copy-mib 512 --json $OUT/draw.jsonl > $OUT/draw.log 2>&1
log peers
timeout 150 python3 .carry/peers.py --suite /tmp/d.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log end
cat $OUT/env.txt; grep -v '^#' $OUT/ab.log | head -30; grep -h "loaded" $OUT/log_new.txt | sort -u | head; grep -E "MESSAGE|test cases|assertions|real|ERROR" $OUT/gpu_tests.log | head -40
