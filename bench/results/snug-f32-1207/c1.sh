#!/usr/bin/env bash
# One call: (1) every GPU test of this build (main's) in six processes; (2) f32 on f64's snug
# DMMA tiles (draw.py, seed 1212, 24 shapes): the pick forced beside the standard tile that pads
# the least, the 64 x 64 tile in K steps of 8, and with B shared the batch's rows as one tall
# product on it; torch on the same problems (after the tests, so no timing overlaps them).
set -u -o pipefail
B=.carry/new3 L=$OUT/run.log X=$OUT/exp.log
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
export TAILOR_CACHE_DIR=/tmp/cache-t
echo "=== gpu tests $(date +%T)" >> $L
t=$B/tailor_gpu_tests
g2="*(mma)*,*no vector stores*" g3="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*"
g5="*autotune*,*bulk-copied slabs*,*rows regrouped*,*odd rows or a shared operand*"
g6="*f32 on the FP64 tensor cores*,*shared operand in two buffers*,*resource report*,*DMMA tiles for f64 outputs*"
(time timeout 200 $t -tc="gpu sweep*") > $OUT/t1.log 2>&1 &
(time timeout 200 $t -tc="$g2") > $OUT/t2.log 2>&1 &
(time timeout 200 $t -tc="$g3") > $OUT/t3.log 2>&1 &
(time timeout 200 $t -tce="gpu sweep*,$g2,$g3,$g5,$g6") > $OUT/t4.log 2>&1 &
(time timeout 200 $t -tc="$g5") > $OUT/t5.log 2>&1 &
(time timeout 200 $t -tc="$g6") > $OUT/t6.log 2>&1 &
wait
export TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/tailor-cache
echo "=== forced $(date +%T)" >> $L
while IFS=$'\t' read -r shape bc rest; do
  args=(); for c in $rest; do args+=(--config "$c"); done
  fl=(); [ "$bc" != "-" ] && fl=(--bcast "$bc")
  timeout 25 $B/tailor-bench --shape "$shape" --dtype f32 "${fl[@]}" --no-overhead --copy-mib 256 --reps 5 "${args[@]}" 2>&1 |
    grep -v '^#' | grep -v '^problem' >> $X
done < .carry/snug/configs.txt
echo "=== torch $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 45 python3 .carry/peers.py --suite .carry/snug/suite.txt --only torch --out /tmp/sp.jsonl > /tmp/sp.log 2>&1
grep -E "^ +[0-9]+ " /tmp/sp.log >> $X
echo "=== done $(date +%T)" >> $L
cat $L
cut -c1-150 $X
grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" $OUT/t*.log | head -60
