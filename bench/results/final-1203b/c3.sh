#!/usr/bin/env bash
# A longer tune (40 s, up to 2000 candidates) of the problems short of target 2 (33^3 f32 and
# f64, 3x5x1 f32) into a user database, then the suite with the shipped database (refreshed
# with the 10 s re-tune of 25^3, 32^3, 33^3 f32 and 1x3x3 bcast f32) and that database, the
# tiny-call test, the peers in the same run, and the plots.
set -u -o pipefail
B=.carry/f05 L=$OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tailor-cache
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
echo "=== tune $(date +%T)" >> $L
$B/tailor-tune --suite .carry/tune3.txt --db /tmp/t.db --budget-s 40 --candidates 2000 >> $L 2>&1
$B/tailor-db export --db /tmp/t.db > $OUT/tuned.jsonl
echo "=== suite $(date +%T)" >> $L
TAILOR_DB=/tmp/t.db $B/tailor-bench --suite .carry/suite.txt --json $OUT/tailor.jsonl > $OUT/bench.log 2>&1
echo "=== tiny calls $(date +%T)" >> $L
TAILOR_DB=/tmp/t.db $B/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $L 2>&1
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 python3 .carry/peers.py --suite .carry/suite.txt --out $OUT/peers.jsonl --compare $OUT/tailor.jsonl > $OUT/peers.log 2>&1
python3 bench/plot.py --tailor $OUT/tailor.jsonl --peers $OUT/peers.jsonl --out $OUT >> $L 2>&1
echo "=== done $(date +%T)" >> $L
