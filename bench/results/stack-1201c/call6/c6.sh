set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
for r in 1 2; do for side in old new; do echo "=== ab round $r $side $(date +%T)" >> $OUT/env.txt; echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/s/tailor-bench-6aff54a; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
  TAILOR_CACHE_DIR=$c timeout 80 $bin --suite .carry/s/dispW3.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
done; done
echo "=== peers $(date +%T)" >> $OUT/env.txt
timeout 80 python3 .carry/peers.py --suite .carry/s/dispW3.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
echo "=== gpu tests $(date +%T)" >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
mkdir -p /tmp/gt
( time timeout 200 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 200 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 200 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 200 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*,*rows regrouped*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 200 $T -tc="*autotune*,*bulk-copied slabs*,*rows regrouped*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log | grep -E "test cases|assertions|real|ERROR|FAIL" > $OUT/gpu_tests_summary.txt
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
echo "=== sanitizer $(date +%T)" >> $OUT/env.txt
for tool in memcheck racecheck; do
  for cfg in "64x46x230x17 f32 slab,t=224,minb=2,mats=1,vec=2,rm=2,rn=2,grid=0,cs=1,tma=1" "1x75000x2x3 f32 slab,t=128,minb=1,mats=510,vec=4,rm=2,rn=1,grid=0,rows=2"; do
    set -- $cfg
    echo "--- $tool $cfg" >> $OUT/sanitizer.log
    timeout 90 compute-sanitizer --tool $tool --error-exitcode 9 $B/tailor-bench --shape $1 --dtype $2 --config "$3" --alpha 2.5 --beta 0.5 --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -vE '^#' | tail -4 >> $OUT/sanitizer.log
    echo "rc ${PIPESTATUS[0]}" >> $OUT/sanitizer.log
  done
done
date -u >> $OUT/env.txt
