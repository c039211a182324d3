set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
echo "=== map H through dispatch ($(date +%T))" > $OUT/run.log
timeout 170 $B/tailor-bench --suite .carry/dispH.txt --no-overhead --copy-mib 512 --json $OUT/tailorH.jsonl > $OUT/mapH.log 2>&1
echo "=== peers H ($(date +%T))" >> $OUT/run.log
timeout 200 python3 .carry/peers.py --suite .carry/dispH.txt --only torch,jax --out $OUT/peersH.jsonl --compare $OUT/tailorH.jsonl > $OUT/peersH.log 2>&1
for T in K W N; do
  echo "=== force $T ($(date +%T))" >> $OUT/run.log
  grep -vE '^#|^\s*$' .carry/force$T.txt | awk '{print $1, $2}' | sort -u | while read -r shape dtype; do
    args=()
    while read -r s d config _; do
      [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && args+=(--config "$config")
    done < <(grep -vE '^#|^\s*$' .carry/force$T.txt)
    timeout 30 $B/tailor-bench --shape "$shape" --dtype "$dtype" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
  done > $OUT/force$T.log 2>&1
done
date -u >> $OUT/run.log
