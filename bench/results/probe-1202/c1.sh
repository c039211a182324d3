# Call 1: the heuristic's bulk-copied slabs against their variants (force1.txt), two rounds; ncu of three 16^3 f32 configs.
set -u
B=.carry/b; P=.carry/p; W=$OUT
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
log() { echo "=== $* ($(date +%T))" >> $W/env.txt; }
export TAILOR_CACHE_DIR=/tmp/c1f TAILOR_DB=/tmp/none.db
for r in 1 2; do log forced round $r; B=$B timeout 200 bash $P/force.sh $P/force1.txt > $W/force1_$r.log 2>&1; done
S=97656x16x16x16
for c in "slab,t=64,minb=1,mats=8,vec=4,rm=8,rn=4,grid=0,cs=1,tma=1" "slab,t=64,minb=1,mats=8,vec=4,rm=8,rn=4,grid=0" "slab,t=64,minb=1,mats=4,vec=4,rm=2,rn=4,grid=0"; do
  log ncu $c
  timeout 90 ncu --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats -k regex:tailor -c 1 $B/tailor-bench --shape $S --dtype f32 --config $c --reps 1 --per-rep 1 --no-overhead --copy-mib 16 >> $W/ncu1.txt 2>&1
done
log done
cat $W/env.txt; grep -c GB/s $W/force1_1.log $W/force1_2.log
