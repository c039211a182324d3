#!/usr/bin/env bash
# Call 2: bulk copies split at the first 128-byte line (new, .carry/new) against one copy a
# run (old, .carry/old = the build of f37b2bd). ncu1.txt forced, both builds alternating, two
# rounds; ncu sector counts of two kernels under both; fam.suite and the suite through
# dispatch alternating (the GPU tests of this build in a later call).
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
F=.carry/ncu1.txt
date -u > $OUT/info.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $OUT/info.txt
for r in 1 2; do for v in old new; do
  for s in $(awk '{print $1"/"$2}' $F | sort -u); do
    shape=${s%/*}; dt=${s#*/}
    args=(); while read a b c t; do [ "$a/$b" = "$s" ] && args+=(--config "$c"); done < $F
    echo "=== round $r $v" >> $OUT/force.log
    TAILOR_CACHE_DIR=/tmp/cache-$v timeout 60 .carry/$v/tailor-bench --shape $shape --dtype $dt --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#' >> $OUT/force.log
  done
done; done
date -u >> $OUT/info.txt
M=lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_requests_op_read.sum,lts__t_requests_op_write.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex.sum,gpu__time_duration.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed
for v in old new; do grep -E "A_D|D_R|E_R|A_O2" $F | while read s d c t; do
  echo "=== $v $t $s $d $c"
  TAILOR_CACHE_DIR=/tmp/cache-$v timeout 60 ncu --clock-control none --metrics $M -k regex:tailor --launch-skip 3 --launch-count 1 \
    .carry/$v/tailor-bench --shape $s --dtype $d --config "$c" --reps 3 --per-rep 1 --no-overhead --copy-mib 16 2>&1 |
    grep -E "^\s+(lts|dram|gpu)__"
done; done > $OUT/ncu_sectors.txt 2>&1
date -u >> $OUT/info.txt
for S in fam suite; do for r in 1 2; do for v in old new; do
  echo "=== round $r $v" >> $OUT/disp_$S.log
  TAILOR_CACHE_DIR=/tmp/cache-$v timeout 100 .carry/$v/tailor-bench --suite .carry/$S.suite --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/disp_$S.log
  [ $S = suite ] && [ $r = 1 ] && date -u >> $OUT/info.txt
done; done; date -u >> $OUT/info.txt; done
date -u >> $OUT/info.txt
