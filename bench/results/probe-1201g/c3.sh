# Call 3: ab3.txt through dispatch, the build of 055f2d6 (old) and the one with the f64
# two-buffer rule (new), two rounds; then the final run (bench/gpu_run.sh final: GPU tests,
# the suite with the shipped database, tiny calls, the peers, plots, first use, outside_suite).
set -u
W=$OUT; P=.carry/p
for r in 1 2; do for side in old new; do echo "=== ab $r $side $(date +%T)" >> $W/ab3.log
  bin=.carry/b/tailor-bench; [ $side = old ] && bin=.carry/old/tailor-bench
  TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/c3_$side timeout 100 $bin --suite $P/ab3.txt --no-overhead --copy-mib 512 --json $W/ab3_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $W/ab3.log
done; done
tar czf $W/ab3.tgz -C $W ab3.log ab3_old_1.jsonl ab3_old_2.jsonl ab3_new_1.jsonl ab3_new_2.jsonl && rm -f $W/ab3*.jsonl $W/ab3.log
OUT=$W bash bench/gpu_run.sh final .carry/b > /tmp/final_stdout.log 2>&1
grep -E "test cases|assertions" $W/run.log; tail -52 $W/peers.log; grep -A3 "tiny calls" $W/run.log | tail -3
