#!/usr/bin/env bash
# The build with the whole-line hint on f32 copies too and the tiny-call breakdown (.carry/f32):
# a second round of the variants against 965dedf (.carry/new), the tiny calls under both,
# a 45 s re-tune of the three tiled compute-heavy problems with the new copies, those three
# with the shipped database and the tuned one, then the GPU tests of the f32 build.
set -u -o pipefail
B=.carry/f32 L=$OUT/run.log
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
echo "=== variants $(date +%T)" >> $L
for v in f32 new; do
  echo "=== $v $(date +%T)" >> $OUT/ab.log
  TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/cache-$v timeout 100 .carry/$v/tailor-bench --suite .carry/pf.suite \
    --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
done
echo "=== tiny calls $(date +%T)" >> $L
for v in new f32 new f32; do
  echo "--- $v" >> $L
  TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/cache-$v .carry/$v/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $L 2>&1
done
echo "=== tune $(date +%T)" >> $L
export TAILOR_CACHE_DIR=/tmp/cache-f32
timeout 170 $B/tailor-tune --suite .carry/tune3.txt --db /tmp/t.db --budget-s 45 --candidates 2000 >> $L 2>&1
$B/tailor-db export --db /tmp/t.db > $OUT/tuned.jsonl
echo "=== shipped vs tuned $(date +%T)" >> $L
for r in 1 2; do for db in /tmp/none.db /tmp/t.db; do
  echo "--- $db" >> $OUT/check.log
  TAILOR_DB=$db timeout 40 $B/tailor-bench --suite .carry/tune3.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/check.log
done; done
echo "=== gpu tests $(date +%T)" >> $L
t=$B/tests/tailor_gpu_tests d=$(mktemp -d)
g2="*(mma)*,*no vector stores*" g3="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*"
g5="*autotune*,*bulk-copied slabs*,*rows regrouped*"
(time timeout 230 $t -tc="gpu sweep*") > $d/1.log 2>&1 &
(time timeout 230 $t -tc="$g2") > $d/2.log 2>&1 &
(time timeout 230 $t -tc="$g3") > $d/3.log 2>&1 &
(time timeout 230 $t -tce="gpu sweep*,$g2,$g3,$g5") > $d/4.log 2>&1 &
(time timeout 230 $t -tc="$g5") > $d/5.log 2>&1 &
wait
cat $d/*.log | grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" >> $L
echo "=== done $(date +%T)" >> $L
