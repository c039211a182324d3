#!/usr/bin/env bash
# One call, build of the current main carried as .carry/new4 (tailor-bench), shipped database
# only: (1) f32 with B shared on a DMMA tile: the tile as given, the batch's rows as one tall
# product on the 64 x 64 tile, and on the tile as given (configs.txt: 32 shapes, the 20 of
# snug-f32-1207/draw1213.txt, the 10 with B shared of snug-f32-1207's draw, 1588x123x53x75 and
# 1329x71x168x97); (2) the 7 picks a factor of 1.6 on f32 FMA tiles' issue term moves
# (model-1207/picks_fma_tile_1.6.txt), old and new config forced side by side. Every run is
# checked against the float64 reference; --reps 5.
set -u -o pipefail
B=.carry/new4 L=$OUT/run.log
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
export TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/tailor-cache
force() {
  while IFS=$'\t' read -r shape bc rest; do
    args=(); for c in $rest; do args+=(--config "$c"); done
    timeout 40 $B/tailor-bench --shape "$shape" --dtype f32 --bcast "$bc" --no-overhead --copy-mib 256 --reps 5 "${args[@]}" 2>&1 |
      grep -v '^#' | grep -v '^problem'
  done < "$1"
}
echo "=== stacks $(date +%T)" >> $L
force .carry/sg/configs.txt > $OUT/stacks.log 2>&1
echo "=== fma moves $(date +%T)" >> $L
force .carry/sg/fma_moves.txt > $OUT/fma.log 2>&1
echo "=== done $(date +%T)" >> $L
cat $L
cut -c1-160 $OUT/stacks.log $OUT/fma.log
