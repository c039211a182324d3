set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
echo "=== force S ($(date +%T))" > $OUT/run.log
grep -vE '^#|^\s*$' .carry/forceS.txt | awk '{print $1, $2}' | sort -u | while read -r shape dtype; do
  args=()
  while read -r s d config _; do
    [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && args+=(--config "$config")
  done < <(grep -vE '^#|^\s*$' .carry/forceS.txt)
  timeout 40 $B/tailor-bench --shape "$shape" --dtype "$dtype" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
done > $OUT/force.log 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 140 python3 .carry/peers.py --suite .carry/dispS.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
