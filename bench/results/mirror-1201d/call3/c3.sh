set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
log rows case
( TAILOR_CACHE_DIR=/tmp/tc timeout 150 $T -tc="*rows regrouped*" > $OUT/gputest.log 2>&1; echo "gputest rc=$?" >> $OUT/gputest.log ) &
log sanitizer
for tool in memcheck racecheck; do
  while read -r shape dt bc cfg; do
    echo "--- $tool $shape $dt $bc $cfg" >> $OUT/sanitizer.log
    TAILOR_CACHE_DIR=/tmp/tcs timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 $B/tailor-bench --shape $shape --dtype $dt --bcast $bc --config "$cfg" --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -vE '^#' | tail -4 >> $OUT/sanitizer.log
    echo "rc ${PIPESTATUS[0]}" >> $OUT/sanitizer.log
  done < .carry/m/san.txt
done
wait
log ab
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/m/tailor-bench-old; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
  TAILOR_CACHE_DIR=$c timeout 90 $bin --suite .carry/m/dispD1.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
done; done
log peers
timeout 100 python3 .carry/peers.py --suite .carry/m/dispD1.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log end
tail -3 $OUT/gputest.log; grep -c "rc 0" $OUT/sanitizer.log
