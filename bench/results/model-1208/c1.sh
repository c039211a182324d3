#!/usr/bin/env bash
# The slab model's three terms (branch model-blind-spots: C written from registers counts its
# store sectors through the L2, a persistent grid holds grid CTAs an SM, st = 2 keeps a whole
# work item in flight) through dispatch: .carry/model/tailor-bench (a build-gpu of that branch)
# against .carry/fin-main/tailor-bench (main), on ab.txt (every problem whose pick it moves in
# 3212 drawn), no database, alternating, two rounds; every run checked against the float64
# reference.
set -u -o pipefail
L=$OUT/run.log
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
mkdir -p $OUT/model
for r in 1 2; do
  for side in old new; do
    bench=.carry/model/tailor-bench cache=/tmp/tailor-cache-new
    [ "$side" = old ] && bench=.carry/fin-main/tailor-bench cache=/tmp/tailor-cache
    echo "=== round $r $side $(date +%T)" >> $OUT/model/disp_ep.log
    TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=$cache timeout 200 $bench --suite bench/results/model-1208/ab.txt --no-overhead --copy-mib 512 2>&1 |
      grep --line-buffered -v '^#' >> $OUT/model/disp_ep.log
  done
done
python3 bench/results/cong-1203/ab.py $OUT/model/disp_ep.log old new | cut -c1-170
