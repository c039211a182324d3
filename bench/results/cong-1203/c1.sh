#!/usr/bin/env bash
# Call 1: bulk copies landing where shared and global memory share their 128-byte lines
# (new, .carry/new) against the build of 83f0be0 (old, .carry/old). The GPU tests of the
# slabs (new), compute-sanitizer memcheck on three new kernels, the suite through dispatch
# (shipped database) alternating old/new two rounds, force.txt old then new, and L2 sector
# counts of three kernels under both builds.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
F=.carry/force.txt
date -u > $OUT/info.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $OUT/info.txt
t=.carry/new/tailor_gpu_tests
(timeout 240 $t -tc="gpu sweep*,*bulk-copied*,*rows regrouped*,*not whole 16-byte*" > $OUT/t1.log 2>&1; echo rc $? >> $OUT/t1.log) &
(timeout 240 $t -tc="*slabs on the FP64*,*two-buffer*" > $OUT/t2.log 2>&1; echo rc $? >> $OUT/t2.log) &
wait
date -u >> $OUT/info.txt
for s in "41082x33x33x33 f32" "20541x33x33x33 f64" "22679x45x17x41 f32"; do
  echo "--- $s"; TAILOR_CACHE_DIR=/tmp/cache-new timeout 60 compute-sanitizer --tool memcheck --print-limit 5 .carry/new/tailor-bench --shape ${s% *} --dtype ${s#* } --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -E "SUMMARY|FAILED|ERROR|error" | head -5
done > $OUT/memcheck.log 2>&1
date -u >> $OUT/info.txt
for r in 1 2; do for v in old new; do
  echo "=== round $r $v" >> $OUT/disp_suite.log
  TAILOR_CACHE_DIR=/tmp/cache-$v timeout 120 .carry/$v/tailor-bench --suite .carry/suite.txt --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_suite.log
  date -u >> $OUT/info.txt
done; done
for r in 1; do for v in old new; do
  for s in $(awk '{print $1"/"$2}' $F | sort -u); do
    shape=${s%/*}; dt=${s#*/}
    args=(); while read a b c t; do [ "$a/$b" = "$s" ] && args+=(--config "$c"); done < $F
    echo "=== round $r $v" >> $OUT/force.log
    TAILOR_CACHE_DIR=/tmp/cache-$v timeout 60 .carry/$v/tailor-bench --shape $shape --dtype $dt --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#' >> $OUT/force.log
  done
done; done
date -u >> $OUT/info.txt
M=lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_requests_op_read.sum,lts__t_requests_op_write.sum,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed
for v in old new; do grep -E "A_D|D_R|F_R" $F | while read s d c t; do
  echo "=== $v $t $s $d $c"
  TAILOR_CACHE_DIR=/tmp/cache-$v timeout 60 ncu --clock-control none --metrics $M -k regex:tailor --launch-skip 3 --launch-count 1 \
    .carry/$v/tailor-bench --shape $s --dtype $d --config "$c" --reps 3 --per-rep 1 --no-overhead --copy-mib 16 2>&1 |
    grep -E "^\s+(lts|dram|gpu)__"
done; done > $OUT/ncu_sectors.txt 2>&1
date -u >> $OUT/info.txt
