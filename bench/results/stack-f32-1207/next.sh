#!/usr/bin/env bash
# Prepared for the next call (not yet run): every GPU test of the current build in six
# processes, then the final run (the suite with nothing but the shipped database, the tiny
# calls three times, the peers in the same run, the plots). Carry the build as .carry/new3
# (tailor-bench, tailor_gpu_tests) and ../shared/bench/{suite.txt,peers.py} as .carry/.
# Keeps at most eight files under $OUT.
set -u -o pipefail
B=.carry/new3 L=$OUT/run.log
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
export TAILOR_CACHE_DIR=/tmp/tailor-cache
echo "=== gpu tests $(date +%T)" >> $L
t=$B/tailor_gpu_tests
g2="*(mma)*,*no vector stores*" g3="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*"
g5="*autotune*,*bulk-copied slabs*,*rows regrouped*,*odd rows or a shared operand*"
g6="*f32 on the FP64 tensor cores*,*shared operand in two buffers*,*resource report*,*DMMA tiles for f64 outputs*"
(time timeout 230 $t -tc="gpu sweep*") > /tmp/t1.log 2>&1 &
(time timeout 230 $t -tc="$g2") > /tmp/t2.log 2>&1 &
(time timeout 230 $t -tc="$g3") > /tmp/t3.log 2>&1 &
(time timeout 230 $t -tce="gpu sweep*,$g2,$g3,$g5,$g6") > /tmp/t4.log 2>&1 &
(time timeout 230 $t -tc="$g5") > /tmp/t5.log 2>&1 &
(time timeout 230 $t -tc="$g6") > /tmp/t6.log 2>&1 &
wait
cat /tmp/t?.log > $OUT/tests.log
echo "=== suite $(date +%T)" >> $L
TAILOR_DB=/tmp/none.db timeout 120 $B/tailor-bench --suite .carry/suite.txt --json $OUT/tailor.jsonl > $OUT/bench.log 2>&1
echo "=== tiny calls $(date +%T)" >> $L
for r in 1 2 3; do TAILOR_DB=/tmp/none.db timeout 30 $B/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $L 2>&1; done
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 150 python3 .carry/peers.py --suite .carry/suite.txt --out $OUT/peers.jsonl --compare $OUT/tailor.jsonl > $OUT/peers.log 2>&1
timeout 60 python3 bench/plot.py --tailor $OUT/tailor.jsonl --peers $OUT/peers.jsonl --out $OUT >> $L 2>&1
echo "=== done $(date +%T)" >> $L
python3 bench/targets.py $OUT/tailor.jsonl 2>&1 | tail -12
tail -50 $OUT/peers.log | cut -c1-100
grep "ratio" $L | grep gemm | cut -c1-140
grep -E "MESSAGE: ran|FAILED|CRASHED|test cases|assertions|Status" $OUT/tests.log | head -30
