# Call 2: the final run with the re-tuned shipped database (GPU tests in call 3), then the
# records that changed, old (as a user database) against new (shipped), alternating, 2 rounds.
set -u
SKIP_GPU_TESTS=1 OUT=$OUT bash bench/gpu_run.sh final .carry/b > $OUT/final.out 2>&1
B=.carry/b
export TAILOR_CACHE_DIR=/tmp/c2c
rm -f /tmp/oldrec.db* /tmp/none.db*
$B/tailor-db import --db /tmp/oldrec.db .carry/old-shipped.jsonl > $OUT/ab.log 2>&1
for r in 1 2; do
  for side in old new; do
    echo "=== round $r $side ($(date +%T))" >> $OUT/ab.log
    db=/tmp/none.db; [ $side = old ] && db=/tmp/oldrec.db
    TAILOR_DB=$db timeout 100 $B/tailor-bench --suite .carry/changed.txt --no-overhead --copy-mib 512 --json $OUT/ab_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $OUT/ab.log
  done
done
tail -5 $OUT/final.out; grep -A50 "vs best" $OUT/peers.log | tail -52; tail -30 $OUT/ab.log
