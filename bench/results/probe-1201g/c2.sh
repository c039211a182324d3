# Call 2: forced H / HX (f32 two-buffer rule) and H / T2 / H2 (f64 slabs of 62-68 KB), two rounds;
# then ab2.txt through dispatch, the build of 055f2d6 (old) and the one with the rule (new), two rounds.
set -u
B=.carry/b; P=.carry/p; W=$OUT
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
export TAILOR_CACHE_DIR=/tmp/c2f TAILOR_DB=/tmp/none.db
for r in 1 2; do log forced round $r; B=$B timeout 250 bash $P/force.sh $P/force2.txt > $W/force2_$r.log 2>&1; done
for r in 1 2; do for side in old new; do log ab $r $side
  bin=$B/tailor-bench; [ $side = old ] && bin=.carry/old/tailor-bench
  TAILOR_CACHE_DIR=/tmp/c2_$side timeout 100 $bin --suite $P/ab2.txt --no-overhead --copy-mib 512 --json $W/ab_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $W/ab.log
done; done
log done
tar czf $W/c2.tgz -C $W force2_1.log force2_2.log ab.log ab_old_1.jsonl ab_old_2.jsonl ab_new_1.jsonl ab_new_2.jsonl env.txt
cat $W/env.txt; grep -c GB/s $W/force2_1.log $W/force2_2.log; tail -3 $W/ab.log
