#!/usr/bin/env bash
# The FMA slab register estimate (40 + (1.3 rm rn + rm + rn) esize/4, fitted to NVRTC's report on
# 400 kept kernels, regs.txt) against main's (32 + (rm rn + 2 (rm + rn) min(4, 16/esize))
# esize/4): .carry/regs (the new build) against .carry/fin-main through dispatch on ab.txt, no
# database, alternating, two rounds; every run checked against the float64 reference.
set -u -o pipefail
L=$OUT/run.log
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
mkdir -p $OUT/regs
for r in 1 2; do
  for side in old new; do
    bench=.carry/regs/tailor-bench cache=/tmp/tailor-cache-new
    [ "$side" = old ] && bench=.carry/fin-main/tailor-bench cache=/tmp/tailor-cache
    echo "=== round $r $side $(date +%T)" >> $OUT/regs/disp_ep.log
    TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=$cache timeout 200 $bench --suite bench/results/regs-1208/ab.txt --no-overhead --copy-mib 512 2>&1 |
      grep --line-buffered -v '^#' >> $OUT/regs/disp_ep.log
  done
done
python3 bench/results/cong-1203/ab.py $OUT/regs/disp_ep.log old new | cut -c1-170
