#!/usr/bin/env bash
# cp.async variants (base, .cg for 16-byte copies, .cg + L2::128B, .cg + L2::256B) through
# dispatch with the shipped database only, two rounds in alternating order; ncu of cuBLAS
# (torch.bmm) and of Tailor's record on 1365x128^3 f64.
set -u -o pipefail
L=$OUT/c1.log
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
run() { # variant
  echo "=== $1 $(date +%T)" >> $OUT/ab.log
  TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/cache-$1 timeout 200 .carry/$1/tailor-bench --suite .carry/pf.suite \
    --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
}
for v in base cg cg128 cg256; do run $v; done
for v in cg256 cg128 cg base; do run $v; done
echo "=== ncu cublas $(date +%T)" >> $L
timeout 90 ncu --clock-control none --section SpeedOfLight --section LaunchStats --section Occupancy \
  --section MemoryWorkloadAnalysis --section WarpStateStats --launch-skip 4 --launch-count 1 \
  python3 .carry/cublas128.py 2>&1 | grep -vE "^==PROF==|^ *-+ *-+|^\s*$" | head -120 >> $L
echo "=== ncu tailor $(date +%T)" >> $L
for v in base cg128; do
echo "--- $v" >> $L
TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/cache-$v timeout 90 ncu --clock-control none --section SpeedOfLight \
  --section LaunchStats --section Occupancy --section MemoryWorkloadAnalysis --section WarpStateStats \
  --metrics lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,dram__bytes_read.sum,dram__bytes_write.sum \
  -k regex:"tailor_f64" --launch-skip 3 --launch-count 1 .carry/$v/tailor-bench --shape 1365x128x128x128 --dtype f64 \
  --reps 3 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -vE "^==PROF==|^ *-+ *-+|^\s*$" | head -120 >> $L
done
echo "=== done $(date +%T)" >> $L
