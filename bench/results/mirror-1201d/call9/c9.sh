set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
export TAILOR_CACHE_DIR=/tmp/tc
log ab
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/m/tailor-bench-old; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
  TAILOR_CACHE_DIR=$c timeout 120 $bin --suite .carry/m/dispD4.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
done; done
log peers
timeout 120 python3 .carry/peers.py --suite .carry/m/dispD4.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log end
