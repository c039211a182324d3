# Call 1: the suite tuned into a fresh database (search space and seeds with tma = 2 twins),
# seeded with the shipped records; exported; then the suite's bulk-layout records beside their twins.
set -u
B=.carry/b
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
export TAILOR_CACHE_DIR=/tmp/c1c
t=$(mktemp -d)
grep -vE '^#|^\s*$' .carry/suite.txt > "$t/all.txt"
awk '$2 < 25' "$t/all.txt" > "$t/small.txt"
awk '$2 >= 25 && $2 < 64' "$t/all.txt" > "$t/mid.txt"
awk '$2 >= 64' "$t/all.txt" > "$t/large.txt"
rm -f /tmp/c1.db*
log tune small
$B/tailor-tune --suite "$t/small.txt" --db /tmp/c1.db --budget-s 5 > $OUT/tune.log 2>&1
log tune mid
$B/tailor-tune --suite "$t/mid.txt" --db /tmp/c1.db --budget-s 16 --candidates 1000 >> $OUT/tune.log 2>&1
log tune large
$B/tailor-tune --suite "$t/large.txt" --db /tmp/c1.db --budget-s 33 --candidates 2000 >> $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/c1.db --device 'NVIDIA H200' > $OUT/shipped.jsonl 2>$OUT/export.err
log twins
F=.carry/force_twins.txt
awk '{print $1, $2}' $F | awk '!s[$0]++' | while read -r shape dtype; do
  args=(); while read -r s d c; do [ "$s $d" = "$shape $dtype" ] && args+=(--config "$c"); done < $F
  for r in 1 2; do timeout 40 $B/tailor-bench --shape $shape --dtype $dtype --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'; done
done > $OUT/twins.log 2>&1
log end
cat $OUT/env.txt; wc -l $OUT/shipped.jsonl; grep -E "heuristic, " $OUT/tune.log | sed -E 's/ +/ /g' | cut -c1-200; cat $OUT/twins.log
