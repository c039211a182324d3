set -u
B=build-gpu
W=/tmp/w; mkdir -p $W
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
log ab
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $W/ab.log
  if [ $side = old ]; then bin=.carry/n/tailor-bench-6bc; else bin=$B/tailor-bench; fi
  TAILOR_CACHE_DIR=/tmp/c4_$side timeout 150 $bin --suite .carry/n/val4.txt --no-overhead --copy-mib 512 --json $W/ab_${side}_$r.jsonl 2>&1 | grep -v '^#' >> $W/ab.log
done; done
log suite heuristics forced
TAILOR_CACHE_DIR=/tmp/c4_f B=$B bash .carry/n/force.sh .carry/n/suiteH.txt > $W/suiteH.log 2>&1
log peers
timeout 150 python3 .carry/peers.py --suite .carry/n/val4.txt --only torch,jax --out $W/peers.jsonl > $W/peers.out 2>&1
for s in old new; do python3 .carry/n/vs.py $W/ab_${s}_2.jsonl $W/peers.jsonl > $W/vs_$s.txt; done
log end
tar czf $OUT/c4.tgz -C $W .
cat $W/env.txt; for s in old new; do tail -1 $W/vs_$s.txt; done; grep -ciE "error|fail" $W/ab.log $W/suiteH.log
