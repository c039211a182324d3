set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
for r in 1 2; do for side in old new; do echo "=== ab round $r $side $(date +%T)" >> $OUT/env.txt; echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/s/tailor-bench-6fee24f; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
  TAILOR_CACHE_DIR=$c timeout 40 $bin --suite .carry/s/dispX2.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
done; done
echo "=== peers $(date +%T)" >> $OUT/env.txt
timeout 45 python3 .carry/peers.py --suite .carry/s/dispX2.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
date -u >> $OUT/env.txt
