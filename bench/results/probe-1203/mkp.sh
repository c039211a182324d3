#!/usr/bin/env bash
# mkp.sh GEN OUTDIR: cubins for call 1 (run with run1.sh; harness.cpp of ../probe-1202):
# for each problem the heuristic's bulk-copied slab H, and variants to split its ceiling:
#   NC  the same kernel with the FMAs gone (acc read from the staged A): the memory
#       structure alone (its C is wrong; the harness reports the error and the time);
#   L12, L16  __launch_bounds__(THREADS, 12 / 16): more CTAs an SM under a register cap;
# and launch lines for H on a grid of 8 and 12 CTAs an SM (the one-buffer loop strides
# by gridDim.x), the CTAs then live past one slab.
set -eu
G=$1; O=$2; mkdir -p "$O"; cd "$O"; : > list.txt
for spec in "97656x16x16x16 f32" "99734x12x20x16 f32" "65104x24x12x24 f32" "250000x10x10x10 f32" \
            "48828x16x16x16 f64" "52083x20x8x20 f64" "10000x48x48x48 f32"; do
  set -- $spec; s=$1; d=$2; n=$(echo $s | tr x _)_$d
  TAILOR_DB=/tmp/none.db $G --shape $s --dtype $d > H_$n.cu
  python3 - H_$n.cu $n <<'PY'
import sys, re
s = open(sys.argv[1]).read(); n = sys.argv[2]
old = "if (active) accumulate(sA, sB, b, ti, tj, 0, acc);"
assert old in s
nc = s.replace(old, "if (active) { _Pragma(\"unroll\") for (int x = 0; x < S::RM; ++x) _Pragma(\"unroll\") for (int y = 0; y < S::RN; ++y) acc[x][y] = sA[((tid * S::RM + x) * S::RN + y) % (S::MATS * M * K)]; }")
open(f"NC_{n}.cu", "w").write(nc)
for lb in (12, 16):
    t = re.sub(r'extern "C" __global__ void\n', f'extern "C" __global__ void __launch_bounds__(Spec::THREADS, {lb})\n', s)
    assert t != s
    open(f"L{lb}_{n}.cu", "w").write(t)
PY
  info=$(TAILOR_DB=/tmp/none.db $G --shape $s --dtype $d --compile -q)
  kern=$(echo "$info" | awk '/^kernel/{print $2}'); grid=$(echo "$info" | awk '/^launch/{print $3}')
  blk=$(echo "$info" | awk '/^launch/{print $6}'); sm=$(echo "$info" | awk '/^smem/{print $5}')
  IFS=x read b m k nn <<< "$s"
  for v in H NC L12 L16; do
    nvcc -arch=sm_90 -cubin -std=c++17 -O3 -Xptxas -v ${v}_$n.cu -o ${v}_$n.cubin 2> ${v}_$n.ptxas
    echo "$v $(grep -o 'Used [0-9]* registers' ${v}_$n.ptxas) $(grep -o '[0-9]* bytes spill stores' ${v}_$n.ptxas)" >> regs.txt
    echo "./harness ${v}_$n.cubin $kern $d $b $m $k $nn $grid $blk $sm" >> list.txt
  done
  for g in 8 12; do echo "./harness H_$n.cubin $kern $d $b $m $k $nn $((132 * g)) $blk $sm" >> list.txt; done
done
rm -f ./*.cu
