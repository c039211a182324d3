set -u
B=build-gpu
export TAILOR_CACHE_DIR=/tmp/tc
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
echo "=== ncu ($(date +%T))" > $OUT/run.log
S=1229x44x567x59
i=0
for C in "tiled,t=48,minb=1,bm=48,bn=64,bk=8,vec=4,rm=8,rn=8,grid=0,st=4" "tiled,t=192,minb=4,bm=48,bn=64,bk=8,vec=4,rm=4,rn=4,grid=0,st=4" "tiled,t=96,minb=6,bm=48,bn=64,bk=16,vec=4,rm=4,rn=8,grid=0,st=3"; do
  i=$((i+1))
  timeout 100 ncu --clock-control none --kernel-name regex:tailor_f32 --launch-count 1 --section SpeedOfLight --section LaunchStats --section Occupancy --section SchedulerStats --section WarpStateStats --section InstructionStats --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis $B/tailor-bench --shape $S --dtype f32 --config "$C" --reps 1 --per-rep 1 --no-overhead --copy-mib 64 > /tmp/ncu$i.txt 2>&1
  echo "### $C" >> $OUT/ncu.txt; cat /tmp/ncu$i.txt >> $OUT/ncu.txt
done
echo "=== forced ($(date +%T))" >> $OUT/run.log
SKIP_GPU_TESTS=1 FORCE=.carry/force_lr1.txt timeout 330 bash bench/gpu_run.sh force build-gpu > /dev/null 2>&1
date -u >> $OUT/run.log
