#!/usr/bin/env bash
# One call (device time was short): the suite table on main's build (.carry/fin-none, 9d1721a's
# GPU code: neither rule below moves a suite pick) with nothing but the shipped database, the
# tiny calls three times, the peers in the same run, the plots; then the two rule changes
# through dispatch against it (two rounds alternating; every run checked against the float64
# reference):
#  1. the tall product on the tile as given (own_stack.patch, .carry/fin-stack) on draw1214.txt
#     (16 f32 shapes with B shared whose pick it moves);
#  2. the FMA-tile factor of 1.6 (.carry/fin-fma) on fma_ab.txt: the 7 picks it moves among
#     600 random problems (model-1207/picks.py) and a fresh draw of 16 (draw_fma.py, seed 1215),
#     one round only where the call is short of time.
set -u -o pipefail
B=.carry/fin-none L=$OUT/run.log T0=$(date +%s)
export TAILOR_CACHE_DIR=/tmp/tailor-cache
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
echo "=== suite $(date +%T)" >> $L
TAILOR_DB=/tmp/none.db $B/tailor-bench --suite .carry/suite.txt --json $OUT/tailor.jsonl 2>&1 | grep -v '^#' >> $L
echo "=== tiny calls $(date +%T)" >> $L
for r in 1 2 3; do
  TAILOR_DB=/tmp/none.db timeout 60 $B/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 2>&1 | grep -v '^#' >> $L
done
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 150 python3 .carry/peers.py --suite .carry/suite.txt --out $OUT/peers.jsonl --compare $OUT/tailor.jsonl > $OUT/peers.log 2>&1
python3 bench/plot.py --tailor $OUT/tailor.jsonl --peers $OUT/peers.jsonl --out $OUT >> $L 2>&1
ab() {  # ab NAME NEW_BUILD SUITE ROUNDS
  echo "=== ab $1 $(date +%T)" >> $L
  mkdir -p $OUT/$1
  for r in $(seq 1 $4); do
    for side in old new; do
      bench=.carry/$2/tailor-bench cache=/tmp/tailor-cache-$1
      [ "$side" = old ] && bench=$B/tailor-bench cache=/tmp/tailor-cache
      echo "=== round $r $side" >> $OUT/$1/disp_ep.log
      TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=$cache timeout 150 $bench --suite $3 --no-overhead --copy-mib 512 2>&1 |
        grep --line-buffered -v '^#' >> $OUT/$1/disp_ep.log
    done
  done
}
ab stack fin-stack .carry/sg/draw1214.txt 2
R=2; [ $(( $(date +%s) - T0 )) -gt 330 ] && R=1
ab fma fin-fma .carry/fma/fma_ab.txt $R
echo "=== done $(date +%T)" >> $L
python3 bench/targets.py $OUT/tailor.jsonl 2>&1 | tail -14
tail -50 $OUT/peers.log | cut -c1-100
grep -E "ratio|===|tiny" $L | cut -c1-150
echo "### stack"; python3 bench/results/cong-1203/ab.py $OUT/stack/disp_ep.log old new | cut -c1-170
echo "### fma"; python3 bench/results/cong-1203/ab.py $OUT/fma/disp_ep.log old new | cut -c1-170
ls $OUT $OUT/stack $OUT/fma
