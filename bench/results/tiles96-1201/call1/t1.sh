set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
echo "=== force T ($(date +%T))" > $OUT/run.log
grep -vE '^#|^\s*$' .carry/forceT.txt | awk '{print $1, $2}' | sort -u | while read -r shape dtype; do
  args=()
  while read -r s d config _; do
    [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && args+=(--config "$config")
  done < <(grep -vE '^#|^\s*$' .carry/forceT.txt)
  timeout 60 $B/tailor-bench --shape "$shape" --dtype "$dtype" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
done > $OUT/force.log 2>&1
for r in 1 2; do
  for side in old new; do
    echo "=== round $r $side ($(date +%T))" >> $OUT/run.log
    echo "=== round $r $side" >> $OUT/disp_ep.log
    if [ $side = old ]; then bin=.carry/old/tailor-bench; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc; fi
    TAILOR_CACHE_DIR=$c timeout 100 $bin --suite .carry/dispA.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ep.log
  done
done
echo "=== peers ($(date +%T))" >> $OUT/run.log
cat .carry/dispT.txt .carry/dispA.txt > /tmp/pe.txt
timeout 170 python3 .carry/peers.py --suite /tmp/pe.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
