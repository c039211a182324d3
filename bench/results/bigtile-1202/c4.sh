# Call 4: the tuner with the widened micro-tiles against the tuner of 8542d11 (4 s a problem,
# the first 16 shapes of ab3.suite), each database then timed by the same tailor-bench,
# alternating, two rounds; the new GPU test of micro-tiles past 36 outputs.
set -u
B=.carry/b
for side in old new; do
  tune=$B/tailor-tune; [ $side = old ] && tune=.carry/old/tailor-tune
  TAILOR_CACHE_DIR=/tmp/tc-$side TAILOR_DB=/tmp/none.db timeout 200 $tune --suite .carry/t4.suite --db /tmp/t4-$side.db \
    --budget-s 4 > $OUT/tune_$side.log 2>&1
  $B/tailor-db export --db /tmp/t4-$side.db > $OUT/t4_$side.jsonl
done
for r in 1 2; do
  for side in old new; do
    TAILOR_CACHE_DIR=/tmp/bc TAILOR_DB=/tmp/t4-$side.db timeout 150 $B/tailor-bench --suite .carry/t4.suite --no-overhead \
      --copy-mib 512 --json $OUT/ab_${side}_$r.jsonl > /dev/null 2>&1
  done
done
python3 bench/results/probe-1202/ab.py $OUT
timeout 120 $B/tests/tailor_gpu_tests -tc="*37-128 outputs*" 2>&1 | tail -4
