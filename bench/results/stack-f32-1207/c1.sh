#!/usr/bin/env bash
# One call: (1) f32 with B shared, sides of 40-256: dispatch against the batch's rows forced
# as one tall product (draw.py's configs), torch beside; (2) the final run of main's build:
# the suite with the shipped database alone, the tiny calls three times, the peers, the plots.
set -u -o pipefail
B=.carry/new2 L=$OUT/run.log X=$OUT/exp.log
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
export TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/tailor-cache
echo "=== stack: dispatch $(date +%T)" >> $L
echo "=== dispatch" >> $X
timeout 100 $B/tailor-bench --suite .carry/stack/suite.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $X
echo "=== stack: forced $(date +%T)" >> $L
echo "=== forced" >> $X
while IFS=$'\t' read -r shape rest; do
  args=(); for c in $rest; do args+=(--config "$c"); done
  timeout 40 $B/tailor-bench --shape $shape --bcast B --no-overhead --copy-mib 256 "${args[@]}" 2>&1 | grep -v '^#' | grep -v '^problem' >> $X
done < .carry/stack/configs.txt
echo "=== stack: torch $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 60 python3 .carry/peers.py --suite .carry/stack/suite.txt --only torch --out /tmp/sp.jsonl > /tmp/sp.log 2>&1
grep -E "^ +[0-9]+ " /tmp/sp.log >> $X
echo "=== suite $(date +%T)" >> $L
timeout 120 $B/tailor-bench --suite .carry/suite.txt --json $OUT/tailor.jsonl > $OUT/bench.log 2>&1
echo "=== tiny calls $(date +%T)" >> $L
for r in 1 2 3; do timeout 30 $B/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $L 2>&1; done
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 150 python3 .carry/peers.py --suite .carry/suite.txt --out $OUT/peers.jsonl --compare $OUT/tailor.jsonl > $OUT/peers.log 2>&1
timeout 60 python3 bench/plot.py --tailor $OUT/tailor.jsonl --peers $OUT/peers.jsonl --out $OUT >> $L 2>&1
echo "=== done $(date +%T)" >> $L
python3 bench/targets.py $OUT/tailor.jsonl 2>&1 | tail -15
tail -52 $OUT/peers.log | cut -c1-100
cat $L | cut -c1-160
cut -c1-150 $X
