# Call 5: GPU tests of the build with the sector rule; val1 through dispatch, the build before it (old) and with it (new) alternating, two rounds.
set -u
B=.carry/b; P=.carry/p; W=$OUT
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
source <(sed -n '/^gpu_tests() {/,/^}/p' bench/gpu_run.sh)
log gpu tests; gpu_tests > $W/gpu_tests.log 2>&1
for r in 1 2; do for side in old new; do log ab $r $side
  bin=$B/tailor-bench; [ $side = old ] && bin=.carry/old/tailor-bench
  echo "=== round $r $side" >> $W/ab.log
  TAILOR_CACHE_DIR=/tmp/c5_$side timeout 120 $bin --suite $P/val1.suite --no-overhead --copy-mib 512 --json $W/ab_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $W/ab.log
done; done
log done
tar czf $W/c5.tgz -C $W ab_old_1.jsonl ab_old_2.jsonl ab_new_1.jsonl ab_new_2.jsonl
cat $W/env.txt; cat $W/gpu_tests.log | tail -25; cat $W/ab.log
