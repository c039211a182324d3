set -u
B=build-gpu
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $OUT/env.txt; date -u >> $OUT/env.txt
force() {  # force BENCH FILE: every config of each problem of FILE timed side by side
  local bench=$1 F=$2
  grep -vE '^#|^\s*$' "$F" | awk '{print $1, $2}' | sort -u | while read -r shape dtype; do
    args=()
    while read -r s d config rest; do
      [ "$s" = "$shape" ] && [ "$d" = "$dtype" ] && args+=(--config "$config")
    done < <(grep -vE '^#|^\s*$' "$F")
    timeout 40 "$bench" --shape "$shape" --dtype "$dtype" --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
  done
}
export TAILOR_CACHE_DIR=/tmp/tc
echo "=== ncu ($(date +%T))" > $OUT/run.log
i=0
for J in "1503x113x157x119 tiled,t=225,minb=1,bm=120,bn=120,bk=8,vec=4,rm=8,rn=8,grid=0,st=4" \
         "1503x113x157x119 tiled,t=225,minb=2,bm=120,bn=120,bk=8,vec=4,rm=8,rn=8,grid=0,st=4" \
         "2730x128x128x128 -"; do
  set -- $J; i=$((i+1))
  extra=(); [ "$2" != "-" ] && extra=(--config "$2")
  timeout 60 ncu --clock-control none --kernel-name regex:tailor_f32 --launch-count 1 --section SpeedOfLight --section LaunchStats --section Occupancy --section SchedulerStats --section WarpStateStats --section InstructionStats --section MemoryWorkloadAnalysis_Tables --section ComputeWorkloadAnalysis $B/tailor-bench --shape $1 --dtype f32 "${extra[@]}" --reps 1 --per-rep 1 --no-overhead --copy-mib 64 > /tmp/ncu$i.txt 2>&1
  echo "### $J" >> $OUT/ncu.txt; cat /tmp/ncu$i.txt >> $OUT/ncu.txt
done
echo "=== forced G2 ($(date +%T))" >> $OUT/run.log
force $B/tailor-bench .carry/forceG2.txt > $OUT/forceG2.log 2>&1
echo "=== forced J ($(date +%T))" >> $OUT/run.log
force $B/tailor-bench .carry/forceJ.txt > $OUT/forceJ.log 2>&1
echo "=== peers ($(date +%T))" >> $OUT/run.log
cat .carry/dispG2.txt .carry/dispJ.txt > /tmp/disp.txt
timeout 150 python3 .carry/peers.py --suite /tmp/disp.txt --only torch,jax --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
date -u >> $OUT/run.log
