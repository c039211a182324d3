set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
for r in 1 2; do
  for side in old new; do
    echo "=== round $r $side ($(date +%T))" >> $OUT/run.log
    echo "=== round $r $side" >> $OUT/disp_ep.log
    if [ $side = old ]; then bin=.carry/old/tailor-bench; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
    TAILOR_CACHE_DIR=$c timeout 75 $bin --suite .carry/dispV2.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ep.log
  done
done
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 110 python3 .carry/peers.py --suite .carry/dispV2.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
