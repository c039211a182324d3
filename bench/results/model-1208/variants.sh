#!/usr/bin/env bash
# Each variant of the slab model (toggles.py's build linked into PREDICT) against every kept
# timing; prints score.py's summary. Usage: variants.sh TAILOR_GEN PREDICT
set -u
rm -rf /tmp/mcx; mkdir -p /tmp/mcx
run() { env $2 python3 bench/model_check.py "$1" --predictor "$P" > /tmp/mcx/$3.txt; }
G=$1 P=$2
for v in "base X=1" "cs1 TM_CS=1" "cs2 TM_CS=2" "cs4 TM_CS=4" "cs8 TM_CS=8" "cs2mode1 TM_CS=2,TM_CSMODE=1" \
         "grid TM_GRID=1" "st1 TM_ST=1" "regs40 TM_REGS=40" "A:cs2+grid+st1 TM_CS=2,TM_GRID=1,TM_ST=1" \
         "B:A+regs40 TM_CS=2,TM_GRID=1,TM_ST=1,TM_REGS=40" "C:cs3+grid+st1 TM_CS=3,TM_GRID=1,TM_ST=1"; do
  set -- $v
  run "$G" "${2//,/ }" "$1"
done
python3 bench/results/model-1208/score.py
