#!/usr/bin/env bash
# The tiny calls, ten runs of the build with the PDL variant of the breakdown (.carry/tiny):
# six as the final run makes them, four pinned to one CPU (taskset -c 3).
set -u -o pipefail
L=$OUT/tiny.log
{ nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; lscpu | grep -E "Model name|MHz"; date -u; } > $L
for r in 1 2 3 4 5 6; do
  echo "--- run $r $(date +%T)" >> $L
  TAILOR_DB=/tmp/none.db .carry/tiny/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $L 2>&1
done
for r in 1 2 3 4; do
  echo "--- pinned run $r $(date +%T)" >> $L
  TAILOR_DB=/tmp/none.db taskset -c 3 .carry/tiny/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $L 2>&1
done
echo "=== done $(date +%T)" >> $L
