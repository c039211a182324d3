set -u
B=build-gpu
T=$B/tests/tailor_gpu_tests
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
force() {  # force BENCH FILE: every config of each problem of FILE timed side by side
  local bench=$1 F=$2
  grep -vE '^#|^\s*$' "$F" | awk '{print $1, $2}' | sort -u | while read -r shape dtype; do
    args=()
    while read -r s d config; do
      [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && args+=(--config "$config")
    done < <(grep -vE '^#|^\s*$' "$F")
    timeout 60 "$bench" --shape "$shape" --dtype "$dtype" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
  done
}
echo "=== forced only" > $OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tc
force $B/tailor-bench .carry/forceG.txt > $OUT/force.log 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
timeout 100 python3 .carry/peers.py --suite .carry/dispG.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
