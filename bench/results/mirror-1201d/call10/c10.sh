set -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
export TAILOR_CACHE_DIR=/tmp/tc
for r in 1 2; do log force round $r; echo "=== round $r" >> $OUT/force.log
  timeout 170 bash .carry/m/force.sh .carry/m/forceDiv.txt >> $OUT/force.log 2>&1
done
log peers
timeout 100 python3 .carry/peers.py --suite .carry/m/pDiv.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
log end
