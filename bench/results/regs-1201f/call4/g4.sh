set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
log() { echo "=== $* ($(date +%T))" >> $OUT/env.txt; }
export TAILOR_CACHE_DIR=/tmp/g4c
t=$(mktemp -d)
grep -vE '^#|^\s*$' .carry/suite.txt > "$t/all.txt"
awk '$2 < 25' "$t/all.txt" > "$t/small.txt"
awk '$2 >= 25 && $2 < 64' "$t/all.txt" > "$t/mid.txt"
awk '$2 >= 64' "$t/all.txt" > "$t/large.txt"
rm -f /tmp/g4.db*
log tune small
$B/tailor-tune --suite "$t/small.txt" --db /tmp/g4.db --budget-s 5 > $OUT/tune.log 2>&1
log tune mid
$B/tailor-tune --suite "$t/mid.txt" --db /tmp/g4.db --budget-s 16 --candidates 1000 >> $OUT/tune.log 2>&1
log tune large
$B/tailor-tune --suite "$t/large.txt" --db /tmp/g4.db --budget-s 33 --candidates 2000 >> $OUT/tune.log 2>&1
$B/tailor-db export --db /tmp/g4.db --device 'NVIDIA H200' > $OUT/shipped.jsonl 2>$OUT/export.err
log tuner check
timeout 40 $B/tailor-tune --shape 4000x60x40x64 --dtype f32 --bcast B --db /tmp/g4x.db --budget-s 12 --candidates 600 > $OUT/tune_x.log 2>&1
log end
cat $OUT/env.txt; wc -l $OUT/shipped.jsonl; grep -E "heuristic, " $OUT/tune.log | sed -E 's/ +/ /g' | cut -c1-200; tail -3 $OUT/tune_x.log
