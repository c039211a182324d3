set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
force() {  # force BENCH FILE: every config of each problem of FILE timed side by side
  local bench=$1 F=$2
  grep -vE '^#|^\s*$' "$F" | awk '{print $1, $2}' | sort -u | while read -r shape dtype; do
    args=()
    while read -r s d config rest; do
      [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && args+=(--config "$config")
    done < <(grep -vE '^#|^\s*$' "$F")
    timeout 40 "$bench" --shape "$shape" --dtype "$dtype" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
  done
}
export TAILOR_CACHE_DIR=/tmp/tc
echo "=== forced J3 ($(date +%T))" > $OUT/run.log
force $B/tailor-bench .carry/forceJ3.txt > $OUT/forceJ3.log 2>&1
echo "=== forced G3 ($(date +%T))" >> $OUT/run.log
force $B/tailor-bench .carry/forceG3.txt > $OUT/forceG3.log 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 150 python3 .carry/peers.py --suite .carry/dispJ3.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
