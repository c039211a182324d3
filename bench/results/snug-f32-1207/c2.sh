#!/usr/bin/env bash
# Prepared for the next call (not yet run): cf3ee96's rule (the tall product of a shared B where
# the tile as given is not 64 x 64 and the stack pads 10 % more at most) through dispatch, by
# bench/gpu_run.sh's ab mode: every GPU test of cf3ee96's build, then 12e851d's and cf3ee96's
# builds alternating, two rounds (the first of each compiles its kernels), into disp_ep.log.
# Carried: 12e851d's build as .carry/new3, cf3ee96's as .carry/new4 (tailor-bench,
# tailor_gpu_tests), draw1213.txt (draw_ab.py, seed 1213: 20 f32 shapes with B shared whose
# pick moves) as .carry/snug/draw1213.txt, ../shared/bench/peers.py as .carry/. Torch after.
set -u -o pipefail
export OUT
SUITE=.carry/snug/draw1213.txt OLD=.carry/new3/tailor-bench TESTS=.carry/new4/tailor_gpu_tests \
  bash bench/gpu_run.sh ab .carry/new4 > "$OUT/ab_run.log" 2>&1
PYTHONUNBUFFERED=1 timeout 60 python3 .carry/peers.py --suite .carry/snug/draw1213.txt --only torch --out /tmp/p.jsonl \
  > "$OUT/peers.log" 2>&1
grep -E "torch=" "$OUT/peers.log" | cut -c1-90
python3 bench/results/cong-1203/ab.py "$OUT/disp_ep.log" old new | cut -c1-140
grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" "$OUT/gpu_tests.log" | head -40
