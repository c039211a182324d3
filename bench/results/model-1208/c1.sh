#!/usr/bin/env bash
# The slab model's three terms (branch model-blind-spots: C written from registers counts its
# store sectors through the L2, a persistent grid holds grid CTAs an SM, st = 2 keeps a whole
# work item in flight) through dispatch: .carry/model/tailor-bench (a build-gpu of that branch)
# against .carry/fin-main/tailor-bench (main), on ab.txt (every problem whose pick it moves in
# 3212 drawn), no database, alternating, two rounds; every run checked against the float64
# reference.
set -u -o pipefail
SKIP_GPU_TESTS=1 TAILOR_DB=/tmp/none.db OLD=.carry/fin-main/tailor-bench SUITE=bench/results/model-1208/ab.txt \
  bash bench/gpu_run.sh ab .carry/model > /dev/null 2>&1
python3 bench/results/cong-1203/ab.py $OUT/disp_ep.log old new | cut -c1-170
