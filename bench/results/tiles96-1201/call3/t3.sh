set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== GPU tests, five processes ($(date +%T))" > $OUT/run.log
mkdir -p /tmp/gt
export TAILOR_CACHE_DIR=/tmp/tc
( time timeout 130 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 130 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 130 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 130 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 130 $T -tc="*autotune*,*bulk-copied slabs*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log | grep -E "MESSAGE|test cases|assertions|real|ERROR|FAIL" >> $OUT/run.log
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
echo "=== sanitizer ($(date +%T))" >> $OUT/run.log
for tool in memcheck racecheck; do
  for sc in "41x137x45x261 tiled,t=128,minb=1,bm=48,bn=96,bk=8,vec=4,rm=6,rn=6,grid=0,st=4" "29x162x33x50 tiled,t=128,minb=1,bm=96,bn=64,bk=8,vec=4,rm=6,rn=8,grid=0,st=4"; do
    set -- $sc
    echo "--- $tool $1 $2" >> $OUT/run.log
    timeout 60 compute-sanitizer --tool $tool --print-limit 5 $B/tailor-bench --shape $1 --dtype f32 --config $2 --beta 0.5 --alpha 2.5 --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -E "SUMMARY|FAILED|ERROR|forced" | head -5 >> $OUT/run.log
  done
done
echo "=== map through dispatch ($(date +%T))" >> $OUT/run.log
timeout 120 $B/tailor-bench --suite .carry/dispMap.txt --no-overhead --copy-mib 512 --json $OUT/map.jsonl > $OUT/map.log 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 150 python3 .carry/peers.py --suite .carry/dispMap.txt --only torch,jax --out $OUT/peers.jsonl --compare $OUT/map.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
