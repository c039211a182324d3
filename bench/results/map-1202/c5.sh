# Call 5 (build of 3646351): force5.txt (skinny products against a shared A: the heuristic,
# the model's first column-group tile and transpose stack, whole-column bulk slabs, tuned
# winners), every config of a problem in one tailor-bench process, two rounds.
set -u
export TAILOR_CACHE_DIR=/tmp/c5c
B=.carry/b
F=.carry/force5.txt
for r in 1 2; do
  echo "=== round $r"
  grep -vE '^#|^\s*$' $F | awk '{print $1, $2, $3}' | sort -u | while read -r shape dtype flag; do
    args=()
    while read -r s d f config _; do
      [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && args+=(--config "$config")
    done < <(grep -vE '^#|^\s*$' $F)
    timeout 120 $B/tailor-bench --shape "$shape" --dtype "$dtype" --bcast "${flag#bcast}" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
  done
done > $OUT/force5.log 2>&1
grep -c forced $OUT/force5.log
