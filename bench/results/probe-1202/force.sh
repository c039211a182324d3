# force.sh FILE: each "shape dtype flag config" group timed with every config in one tailor-bench call
B=${B:-build-gpu}
grep -vE '^#|^\s*$' "$1" | awk '{print $1, $2, $3}' | awk '!seen[$0]++' | while read -r shape dtype flag; do
  args=()
  while read -r s d f config _; do
    [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && [ "$f" = "$flag" ] && args+=(--config "$config")
  done < <(grep -vE '^#|^\s*$' "$1")
  bc=(); [ "$flag" != "-" ] && bc=(--bcast "${flag#bcast}")
  timeout 40 $B/tailor-bench --shape "$shape" --dtype "$dtype" "${bc[@]}" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
done
