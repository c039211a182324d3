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
for r in 1 2; do
  echo "=== epilogue round $r: old build ($(date +%T))" >> $OUT/run.log
  echo "=== round $r old" >> $OUT/force_ep.log
  TAILOR_CACHE_DIR=/tmp/tc_old force .carry/old/tailor-bench .carry/forceEp.txt >> $OUT/force_ep.log 2>&1
  echo "=== epilogue round $r: new build ($(date +%T))" >> $OUT/run.log
  echo "=== round $r new" >> $OUT/force_ep.log
  force $B/tailor-bench .carry/forceEp.txt >> $OUT/force_ep.log 2>&1
done
echo "=== slabs beside the new tile, snug tiles ($(date +%T))" >> $OUT/run.log
force $B/tailor-bench .carry/forceA2.txt > $OUT/force_a2.log 2>&1
force $B/tailor-bench .carry/forceB2.txt > $OUT/force_b2.log 2>&1
date -u >> $OUT/run.log
