# Call 5: GPU tests of the build with tma = 2 (the rule); val3 through dispatch, the build before (old) and with it (new) alternating, two rounds.
set -u
B=.carry/b; P=.carry/p; W=$OUT
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
for r in 1 2; do for side in old new; do log ab $r $side
  bin=$B/tailor-bench; [ $side = old ] && bin=.carry/old/tailor-bench
  echo "=== round $r $side" >> $W/ab.log
  TAILOR_CACHE_DIR=/tmp/c5_$side TAILOR_DB=/tmp/none.db timeout 100 $bin --suite $P/val3.suite --no-overhead --copy-mib 512 --json $W/ab_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $W/ab.log
done; done
source <(sed -n '/^gpu_tests() {/,/^}/p' bench/gpu_run.sh)
log gpu tests; gpu_tests > $W/gpu_tests.log 2>&1
log done
tar czf $W/c5.tgz -C $W ab_old_1.jsonl ab_old_2.jsonl ab_new_1.jsonl ab_new_2.jsonl
cat $W/env.txt; tail -12 $W/gpu_tests.log
