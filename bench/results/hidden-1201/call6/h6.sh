set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
export TAILOR_CACHE_DIR=/tmp/tc
for r in 1 2; do
grep -vE '^#|^\s*$' .carry/force6.txt | awk '{print $1, $2, $3}' | awk '!seen[$0]++' | while read -r shape dtype flag; do
  args=()
  while read -r s d f config _; do
    [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && [ "$f" = "$flag" ] && args+=(--config "$config")
  done < <(grep -vE '^#|^\s*$' .carry/force6.txt)
  bc=(); [ "$flag" != "-" ] && bc=(--bcast "${flag#bcast}")
  timeout 30 $B/tailor-bench --shape "$shape" --dtype "$dtype" "${bc[@]}" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
done >> $OUT/force6.log 2>&1
done
date -u >> $OUT/env.txt
