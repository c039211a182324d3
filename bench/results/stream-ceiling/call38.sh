#!/usr/bin/env bash
# Call 38: streaming ceilings by read:write ratio; DRAM throughput of read-heavy Tailor kernels under ncu.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call38.log
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee $L
echo "=== ceiling $(date +%T)" | tee -a $L
timeout 240 .carry/bin/stream_ceiling 2>&1 | tee -a $L
echo "=== tailor $(date +%T)" | tee -a $L
printf '1000000 3 50 1 f64\n1000000 3 25 1 f64\n1000000 3 50 1 f32\n1000000 3 5 1 f32\n4000000 2 2 2 f64\n' > /tmp/s.txt
timeout 60 build-gpu/tailor-bench --suite /tmp/s.txt --copy-mib 2048 --no-overhead 2>&1 | tee -a $L
echo "=== ncu $(date +%T)" | tee -a $L
M=dram__bytes_read.sum.per_second,dram__bytes_write.sum.per_second,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read.sum
for sd in "1000000x3x50x1 f64" "1000000x3x50x1 f32" "1000000x3x5x1 f32" "4000000x2x2x2 f64"; do
  set -- $sd
  echo "--- $1 $2" | tee -a $L
  timeout 60 ncu --clock-control none --metrics $M -k regex:tailor -c 1 build-gpu/tailor-bench --shape $1 --dtype $2 --reps 1 --per-rep 1 --no-overhead --copy-mib 16 2>&1 | grep -E "dram__|gpu__time|lts__" | tee -a $L
done
echo "--- stream_ceiling (first kernels)" | tee -a $L
timeout 90 ncu --clock-control none --metrics $M -k regex:ldg_stream -c 4 .carry/bin/stream_ceiling 2>&1 | grep -E "ldg_stream|dram__|gpu__time" | tee -a $L
echo "=== end $(date +%T)" | tee -a $L
