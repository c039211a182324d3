set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== ab RR against 366b3cb ($(date +%T))" > $OUT/run.log
for r in 1 2; do
  for side in old new; do
    echo "=== round $r $side" >> $OUT/disp_ab.log
    if [ $side = old ]; then bin=.carry/old366/tailor-bench; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
    TAILOR_CACHE_DIR=$c timeout 100 $bin --suite .carry/dispRR.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ab.log
  done
done
echo "=== peers RR ($(date +%T))" >> $OUT/run.log
timeout 100 python3 .carry/peers.py --suite .carry/dispRR.txt --only torch,jax --out $OUT/peersRR.jsonl > /dev/null 2>&1
date -u >> $OUT/run.log
