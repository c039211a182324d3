set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
log() { echo "=== $* ($(date +%T))" >> $OUT/run.log; }
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
