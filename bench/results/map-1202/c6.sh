# Call 6 (build of 3646351): force6.txt (N = 1 against a shared A, drawn with SKINNY_N=1: the heuristic,
# the transpose stacks (T, and T1 the one tall product), whole-column bulk slabs),
# every config of a problem in one tailor-bench process, two rounds.
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
done > $OUT/force6.log 2>&1
grep -c forced $OUT/force6.log
