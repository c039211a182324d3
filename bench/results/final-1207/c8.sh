#!/usr/bin/env bash
# The tiny calls (target 5) five times on main's build (.carry/fin-main), each run the median
# of 3 rounds of 100000 back-to-back 1x5x10x5 f32 calls beside a bare cuLaunchKernel loop.
set -u -o pipefail
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $OUT/tiny.log
for r in 1 2 3 4 5; do
  TAILOR_DB=/tmp/none.db timeout 60 .carry/fin-main/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 2>&1 | grep -v '^#' >> $OUT/tiny.log
done
grep -E "ratio" $OUT/tiny.log | cut -c1-170
