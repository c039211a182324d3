set -u
W=$OUT; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
log ab unshared
for r in 1 2; do for side in shared ext; do echo "=== round $r $side" >> $W/ab.log
  TAILOR_CACHE_DIR=/tmp/c4_$side timeout 80 .carry/p/tailor-bench-$side --suite .carry/p/val4.txt --no-overhead --copy-mib 512 --json $W/ab_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $W/ab.log
done; done
log tune losers
TAILOR_CACHE_DIR=/tmp/c4t timeout 150 .carry/p/tailor-tune --suite .carry/p/tune4.txt --db /tmp/c4.db --budget-s 8 --candidates 400 > $W/tune.log 2>&1
log done
cat $W/env.txt; tail -16 $W/tune.log | cut -c1-200
