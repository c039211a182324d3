# Call 7: bench/outside_suite.txt through dispatch (shipped database only), the build before the sector rule (old) and with it (new), one round each.
set -u
W=$OUT; date -u > $W/env.txt
for side in old new; do
  bin=.carry/b/tailor-bench; [ $side = old ] && bin=.carry/old/tailor-bench
  echo "=== $side $(date +%T)" >> $W/env.txt
  TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/c7_$side timeout 110 $bin --suite bench/outside_suite.txt --no-overhead --copy-mib 512 --json $W/out_$side.jsonl > $W/out_$side.log 2>&1
done
date -u >> $W/env.txt; cat $W/env.txt
