# Call 1: the tuner's wide-tile seed (e0cc9b7) measured. tailor-tune --budget-s 4 of 6107f5a
# (the widened search space, no seed) against the build of HEAD (with the seed), on the 24
# shapes of bench/results/bigtile-1202/ab3.suite whose pick the wide rule changes; each
# database timed by the same tailor-bench, alternating, two rounds; then the GPU seed test.
set -u
B=.carry/b
for side in old new; do
  tune=$B/tailor-tune; [ $side = old ] && tune=.carry/prev/tailor-tune
  TAILOR_CACHE_DIR=/tmp/tc-$side TAILOR_DB=/tmp/none.db timeout 200 $tune --suite .carry/t24.suite --db /tmp/t-$side.db \
    --budget-s 4 > $OUT/tune_$side.log 2>&1
  $B/tailor-db export --db /tmp/t-$side.db > $OUT/t_$side.jsonl
done
for r in 1 2; do
  for side in old new; do
    TAILOR_CACHE_DIR=/tmp/bc TAILOR_DB=/tmp/t-$side.db timeout 80 $B/tailor-bench --suite .carry/t24.suite --no-overhead \
      --copy-mib 512 --json $OUT/ab_${side}_$r.jsonl > /dev/null 2>&1
  done
done
python3 .carry/p/ab.py $OUT | tee $OUT/ab.txt
timeout 100 $B/tests/tailor_gpu_tests -tc="*autotune*" 2>&1 | tail -4
