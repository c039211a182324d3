#!/usr/bin/env bash
# Call 30: launch overlap microbenchmark; the broadcast and 3x5x1 f32 through Tailor; ncu of 64^3/128^3 f32.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
L=$OUT/call30.log
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee $L
echo "=== overlap $(date +%T)" | tee -a $L
timeout 200 .carry/bin/launch_overlap 2>&1 | tee -a $L
echo "=== tailor $(date +%T)" | tee -a $L
printf '1000000 1 3 3 f32 bcastB\n1000000 3 5 1 f32\n1000000 3 50 1 f32\n2730 128 128 128 f32\n10922 64 64 64 f32\n' > /tmp/s.txt
timeout 60 build-gpu/tailor-bench --suite /tmp/s.txt --copy-mib 512 2>&1 | tee -a $L
echo "=== ncu $(date +%T)" | tee -a $L
for s in "2730x128x128x128" "10922x64x64x64"; do
timeout 120 ncu --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section InstructionStats -k regex:tailor -c 1 build-gpu/tailor-bench --shape $s --dtype f32 --reps 1 --per-rep 1 --no-overhead --copy-mib 16 > $OUT/ncu_$s.txt 2>&1
grep -E "Duration|Registers Per|Achieved Occupancy|Theoretical Occ|Compute \(SM\) Thr|Memory Thr|Issue Slots Busy|Warp Cycles Per Issued|No Eligible|Block Limit|L1/TEX Hit|L2 Hit|DRAM Through" $OUT/ncu_$s.txt | tee -a $L
done
echo "=== end $(date +%T)" | tee -a $L
