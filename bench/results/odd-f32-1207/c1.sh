#!/usr/bin/env bash
# Call 1: the f32 FP64-tensor-core rule for a side past 64 with odd rows or a shared operand
# (.carry/new) against the build of d2a5bc3 (.carry/old), through dispatch with no database,
# alternating, two rounds, on ab.txt (draw1206: 21 such shapes and 7 of whole rows that do
# not move; draw1207: 24 over the rule's whole domain, sides up to 256, and the shapes the
# unit tests pinned that the rule moves); torch on the same problems beside the new build;
# then the GPU tests of the new build that cover these tiles.
set -u -o pipefail
L=$OUT/run.log
export TAILOR_DB=/tmp/none.db
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
for r in 1 2; do
  for v in old new; do
    echo "=== round $r $v $(date +%T)" >> $L
    echo "=== round $r $v" >> $OUT/ab.log
    TAILOR_CACHE_DIR=/tmp/cache-$v timeout 200 .carry/$v/tailor-bench --suite .carry/ab.txt --no-overhead --copy-mib 512 \
      --json $OUT/$v-$r.jsonl 2>&1 | grep -v '^#' >> $OUT/ab.log
  done
done
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 150 python3 .carry/peers.py --suite .carry/ab.txt --only torch --out $OUT/peers.jsonl \
  --compare $OUT/new-1.jsonl > $OUT/peers.log 2>&1
echo "=== gpu tests $(date +%T)" >> $L
unset TAILOR_DB
export TAILOR_CACHE_DIR=/tmp/cache-t
t=.carry/new/tailor_gpu_tests d=$(mktemp -d)
(time timeout 200 $t -tc="*odd rows or a shared operand*") > $d/1.log 2>&1 &
(time timeout 200 $t -tc="*f32 on the FP64 tensor cores*") > $d/2.log 2>&1 &
(time timeout 200 $t -tc="gpu sweep*") > $d/3.log 2>&1 &
(time timeout 200 $t -tc="*dependent calls*,*autotune*") > $d/4.log 2>&1 &
wait
cat $d/*.log | grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" >> $L
echo "=== done $(date +%T)" >> $L
python3 bench/results/cong-1203/ab.py $OUT/ab.log > $OUT/ab_analysis.txt
cat $L
cat $OUT/ab_analysis.txt
tail -95 $OUT/peers.log | cut -c1-100
