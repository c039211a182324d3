set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
for r in 1 2; do echo "=== forced G1 round $r $(date +%T)" >> $OUT/env.txt; echo "=== round $r" >> $OUT/forceG1.log
  timeout 140 bash .carry/s/force.sh .carry/s/forceG1.txt >> $OUT/forceG1.log 2>&1; done
echo "=== ab S3 $(date +%T)" >> $OUT/env.txt
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/s/tailor-bench-old; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
  TAILOR_CACHE_DIR=$c timeout 60 $bin --suite .carry/s/dispS3.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
done; done
echo "=== peers $(date +%T)" >> $OUT/env.txt
cat .carry/s/dispS3.txt .carry/s/dispG1.txt > /tmp/pp.txt
timeout 100 python3 .carry/peers.py --suite /tmp/pp.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.out 2>&1
date -u >> $OUT/env.txt
