set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
echo "=== ab Wv through dispatch ($(date +%T))" > $OUT/run.log
for r in 1 2; do
  for side in old new; do
    echo "=== round $r $side" >> $OUT/disp_ab.log
    if [ $side = old ]; then bin=.carry/old/tailor-bench; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
    TAILOR_CACHE_DIR=$c timeout 60 $bin --suite .carry/dispWv.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ab.log
  done
done
echo "=== peers Wv ($(date +%T))" >> $OUT/run.log
timeout 60 python3 .carry/peers.py --suite .carry/dispWv.txt --only torch,jax --out $OUT/peersWv.jsonl > $OUT/peersWv.log 2>&1
echo "=== tune T ($(date +%T))" >> $OUT/run.log
timeout 330 $B/tailor-tune --suite .carry/dispT.txt --db /tmp/T.db --budget-s 6 > $OUT/tune.log 2>&1
date -u >> $OUT/run.log
