# Call 4: the autotune seeds GPU test (twins), then the one-column rule's family (fresh draw,
# seed 1402) through dispatch, no database: the build with the rule (old) and without (new)
# alternating, two rounds.
set -u
export TAILOR_CACHE_DIR=/tmp/c4c
.carry/b/tests/tailor_gpu_tests -tc="*autotune times its seeds*" > $OUT/gpu_test.log 2>&1
for r in 1 2; do
  for side in old new; do
    bin=.carry/b/tailor-bench; [ $side = old ] && bin=.carry/old/tailor-bench
    TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/c4$side timeout 80 $bin --suite .carry/draw1402.suite --no-overhead --copy-mib 512 --json $OUT/ab_${side}_$r.jsonl > $OUT/ab_${side}_$r.log 2>&1
  done
done
tail -4 $OUT/gpu_test.log; grep -h tailor_ $OUT/ab_old_1.log $OUT/ab_new_1.log | cut -c1-60,100-
