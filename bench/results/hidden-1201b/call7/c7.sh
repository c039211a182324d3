set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/run.log; }
log GPU tests, five processes
mkdir -p /tmp/gt
( time timeout 170 $T -tc="gpu sweep*" ) > /tmp/gt/gt1.log 2>&1 &
( time timeout 170 $T -tc="*(mma)*,*no vector stores*" ) > /tmp/gt/gt2.log 2>&1 &
( time timeout 170 $T -tc="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*" ) > /tmp/gt/gt3.log 2>&1 &
( time timeout 170 $T -tce="gpu sweep*,*(mma)*,*no vector stores*,*two-buffer*,*one-matrix*,*off a multiple*,*autotune*,*bulk-copied slabs*,*micro-tiles of 6*,*rows regrouped*" ) > /tmp/gt/gt4.log 2>&1 &
( time timeout 170 $T -tc="*autotune*,*bulk-copied slabs*,*rows regrouped*" ) > /tmp/gt/gt5.log 2>&1 &
wait
cat /tmp/gt/gt*.log | grep -E "MESSAGE|test cases|assertions|real|ERROR|FAIL" >> $OUT/run.log
cat /tmp/gt/gt*.log > $OUT/gpu_tests.log
log sanitizer, 48 x 96 tile
for tool in memcheck racecheck; do
  while read -r shape dt bc cfg; do
    b=(); [ "$bc" = B ] && b=(--bcast B)
    echo "--- $tool $shape $dt $bc $cfg" >> $OUT/sanitizer.log
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 $B/tailor-bench --shape $shape --dtype $dt "${b[@]}" --config "$cfg" --beta 0.5 --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -vE '^#' | tail -4 >> $OUT/sanitizer.log
    echo "rc ${PIPESTATUS[0]}" >> $OUT/sanitizer.log
  done < .carry/n/san.txt
done
log ab unseen
echo "1500000 1 13 12 f32 bcastB" > /tmp/u.txt
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/n/oldH/tailor-bench; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
  TAILOR_CACHE_DIR=$c timeout 30 $bin --suite /tmp/u.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
done; done
timeout 60 python3 .carry/peers.py --suite /tmp/u.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log end
date -u >> $OUT/env.txt
