#!/usr/bin/env bash
# mkh.sh GEN OUTDIR: the cubins of call 4 (run there with call4/run.sh, harness.cpp built with
# g++ -O2 -std=c++17 -I/usr/local/cuda/include harness.cpp -o harness -L/usr/local/cuda/lib64/stubs -lcuda):
# for each problem, the heuristic's kernel (H), the same with C's staged sums written by the
# threads' vector stores instead of one bulk store (V1), and with the bulk loads under an
# L2 evict_first policy (V3), compiled with nvcc -arch=sm_90; list.txt holds the harness lines.
set -eu
G=$1; O=$2; mkdir -p "$O"; cd "$O"; : > list.txt
for spec in "97656x16x16x16 f32" "99734x12x20x16 f32" "250000x10x10x10 f32" "52083x20x8x20 f64" "32552x24x12x24 f64" \
            "79365x9x48x9 f32" "48828x16x16x16 f64" "65104x24x12x24 f32" "10000x48x48x48 f32"; do
  set -- $spec; s=$1; d=$2; n=$(echo $s | tr x _)_$d
  TAILOR_DB=/tmp/none.db $G --shape $s --dtype $d > H_$n.cu
  sed 's|bulk_c = bulk_c \&\& S::TMA \&\& S::BETA == kZero;  // the vector|bulk_c = false;  // the vector|' H_$n.cu > V1_$n.cu
  python3 - H_$n.cu V3_$n.cu <<'PY'
import sys
s = open(sys.argv[1]).read()
old = '''  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];\\n" ::"r"(
                   (unsigned)__cvta_generic_to_shared(dst)),
               "l"(src), "r"(bytes), "r"((unsigned)__cvta_generic_to_shared(bar))
               : "memory");'''
new = '''  unsigned long long pol;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;\\n" : "=l"(pol));
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;\\n" ::"r"(
                   (unsigned)__cvta_generic_to_shared(dst)),
               "l"(src), "r"(bytes), "r"((unsigned)__cvta_generic_to_shared(bar)), "l"(pol)
               : "memory");'''
assert old in s
open(sys.argv[2], "w").write(s.replace(old, new))
PY
  info=$(TAILOR_DB=/tmp/none.db $G --shape $s --dtype $d --compile -q)
  kern=$(echo "$info" | awk '/^kernel/{print $2}'); grid=$(echo "$info" | awk '/^launch/{print $3}')
  blk=$(echo "$info" | awk '/^launch/{print $6}'); sm=$(echo "$info" | awk '/^smem/{print $5}')
  IFS=x read b m k nn <<< "$s"
  for v in H V1 V3; do
    nvcc -arch=sm_90 -cubin -std=c++17 -O3 ${v}_$n.cu -o ${v}_$n.cubin
    echo "./harness ${v}_$n.cubin $kern $d $b $m $k $nn $grid $blk $sm" >> list.txt
  done
done
rm -f ./*.cu
