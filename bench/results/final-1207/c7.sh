#!/usr/bin/env bash
# Two checks through dispatch on fresh draws (shipped database only, two rounds alternating,
# every run checked against the float64 reference):
#  1. the tall product on the tile as given where it drops M's padding by 7 % or more
#     (.carry/fin-stack2, main with the FMA-tile factor and that rule) against main with the
#     factor (.carry/fin-fma2) on draw1216.txt (draw_ab.py seed 1216: 16 of 193 drawn f32
#     shapes with B shared whose pick moves);
#  2. the FMA-tile factor (.carry/fin-fma2) against main without it (.carry/fin-none) on
#     draw1217.txt (draw_fma.py seed 1217: 10 of 165).
set -u -o pipefail
L=$OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tailor-cache
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
ab() {  # ab NAME OLD_BUILD NEW_BUILD SUITE
  echo "=== ab $1 $(date +%T)" >> $L
  mkdir -p $OUT/$1
  for r in 1 2; do
    for side in old new; do
      b=$2; [ $side = new ] && b=$3
      echo "=== round $r $side" >> $OUT/$1/disp_ep.log
      TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/cache-$b timeout 120 .carry/$b/tailor-bench --suite $4 --no-overhead \
        --copy-mib 512 2>&1 | grep --line-buffered -v '^#' >> $OUT/$1/disp_ep.log
    done
  done
}
ab stack2 fin-fma2 fin-stack2 .carry/d2/draw1216.txt
ab fma2 fin-none fin-fma2 .carry/d2/draw1217.txt
echo "=== done $(date +%T)" >> $L
cat $L
echo "### stack2"; python3 bench/results/cong-1203/ab.py $OUT/stack2/disp_ep.log old new | cut -c1-170
echo "### fma2"; python3 bench/results/cong-1203/ab.py $OUT/fma2/disp_ep.log old new | cut -c1-170
