#!/usr/bin/env bash
# Call 2: the build with lines shared only for FMA slabs on the TMA unit's copies (tma = 1:
# operands and staged C; .carry/v3) against the build of 83f0be0 (.carry/old), through
# dispatch with the shipped database: ab_cong.suite alternating two rounds, then
# bench/outside_suite.txt one round each.
set -u
date -u > $OUT/info.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $OUT/info.txt
for r in 1 2; do for v in old v3; do
  echo "=== round $r $v" >> $OUT/disp_ab.log
  TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/cache-$v timeout 150 .carry/$v/tailor-bench --suite .carry/ab_cong.suite --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_ab.log
  date -u >> $OUT/info.txt
done; done
for v in old v3; do
  echo "=== round 1 $v" >> $OUT/disp_out.log
  TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/cache-$v timeout 150 .carry/$v/tailor-bench --suite bench/outside_suite.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_out.log
  date -u >> $OUT/info.txt
done
