#!/usr/bin/env bash
# Final run of the build with programmatic dependent launch on every call (.carry/pdl): the
# suite with nothing but the shipped database, the tiny calls (three runs), the peers in the
# same run, the plots.
set -u -o pipefail
B=.carry/pdl L=$OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tailor-cache
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
echo "=== suite $(date +%T)" >> $L
TAILOR_DB=/tmp/none.db $B/tailor-bench --suite .carry/suite.txt --json $OUT/tailor.jsonl > $OUT/bench.log 2>&1
echo "=== tiny calls $(date +%T)" >> $L
for r in 1 2 3; do
  TAILOR_DB=/tmp/none.db $B/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $L 2>&1
done
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 python3 .carry/peers.py --suite .carry/suite.txt --out $OUT/peers.jsonl --compare $OUT/tailor.jsonl > $OUT/peers.log 2>&1
python3 bench/plot.py --tailor $OUT/tailor.jsonl --peers $OUT/peers.jsonl --out $OUT >> $L 2>&1
echo "=== done $(date +%T)" >> $L
