#!/usr/bin/env bash
# Every call under programmatic dependent launch (.carry/pdl): the tiny calls with it and
# with TAILOR_PDL=0, alternating, three each; ten problems under 1 MiB through dispatch
# both ways, two rounds; then the GPU tests in six processes.
set -u -o pipefail
B=.carry/pdl L=$OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tailor-cache
{ nvidia-smi --query-gpu=name,driver_version --format=csv; date -u; } > $L
echo "=== tiny calls $(date +%T)" >> $L
for r in 1 2 3; do for pdl in 1 0; do
  echo "--- TAILOR_PDL=$pdl" >> $L
  TAILOR_DB=/tmp/none.db TAILOR_PDL=$pdl $B/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $L 2>&1
done; done
echo "=== small problems $(date +%T)" >> $L
for r in 1 2; do for pdl in 1 0; do
  echo "--- TAILOR_PDL=$pdl" >> $OUT/small.log
  TAILOR_DB=/tmp/none.db TAILOR_PDL=$pdl timeout 60 $B/tailor-bench --suite .carry/small.suite --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/small.log
done; done
echo "=== gpu tests $(date +%T)" >> $L
t=$B/tests/tailor_gpu_tests d=$(mktemp -d)
g2="*(mma)*,*no vector stores*" g3="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*"
g5="*autotune*,*bulk-copied slabs*,*rows regrouped*"
g6="*f32 on the FP64 tensor cores*,*shared operand in two buffers*,*resource report*,*DMMA tiles for f64 outputs*"
(time timeout 280 $t -tc="gpu sweep*") > $d/1.log 2>&1 &
(time timeout 280 $t -tc="$g2") > $d/2.log 2>&1 &
(time timeout 280 $t -tc="$g3") > $d/3.log 2>&1 &
(time timeout 280 $t -tce="gpu sweep*,$g2,$g3,$g5,$g6") > $d/4.log 2>&1 &
(time timeout 280 $t -tc="$g5") > $d/5.log 2>&1 &
(time timeout 280 $t -tc="$g6") > $d/6.log 2>&1 &
wait
cat $d/*.log | grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" >> $L
echo "=== done $(date +%T)" >> $L
