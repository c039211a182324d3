#!/usr/bin/env bash
# The FMA slab register estimate (40 + (1.3 rm rn + rm + rn) esize/4, fitted to NVRTC's report on
# 400 kept kernels, regs.txt) against main's (32 + (rm rn + 2 (rm + rn) min(4, 16/esize))
# esize/4): .carry/regs (the new build) against .carry/fin-main through dispatch on ab.txt, no
# database, alternating, two rounds; every run checked against the float64 reference.
set -u -o pipefail
SKIP_GPU_TESTS=1 TAILOR_DB=/tmp/none.db OLD=.carry/fin-main/tailor-bench SUITE=bench/results/regs-1208/ab.txt \
  bash bench/gpu_run.sh ab .carry/regs > /dev/null 2>&1
python3 bench/results/cong-1203/ab.py $OUT/disp_ep.log old new | cut -c1-170
