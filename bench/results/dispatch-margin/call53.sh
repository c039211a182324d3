#!/usr/bin/env bash
# Call 53: the seven dispatch decisions the neighbour margin changed, forced both ways and
# through dispatch (shipped database only); sides next to powers of two through dispatch;
# ncu of the 65^3 kernels; a short tune of 65^3 in both types.
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/force53.log
B=build-gpu timeout 150 bash .carry/forcerun.sh .carry/force53.txt 2 >> $OUT/force53.log 2>&1
tail -3 $OUT/force53.log
echo "=== seven through dispatch" > $OUT/disp53.log
TAILOR_DB=/tmp/none.db timeout 60 build-gpu/tailor-bench --suite .carry/seven53.txt --no-overhead --copy-mib 512 >> $OUT/disp53.log 2>&1
echo "=== near powers of two through dispatch" >> $OUT/disp53.log
TAILOR_DB=/tmp/none.db timeout 90 build-gpu/tailor-bench --suite .carry/near2.txt --no-overhead --copy-mib 512 >> $OUT/disp53.log 2>&1
tail -3 $OUT/disp53.log
for sd in "10592x65x65x65 f32" "5296x65x65x65 f64" "154838x17x17x17 f32"; do
  echo "--- $sd"
  timeout 60 ncu --clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats \
    --section MemoryWorkloadAnalysis --section InstructionStats --section LaunchStats -k regex:"tailor_f(32|64)" --launch-skip 3 --launch-count 1 \
    build-gpu/tailor-bench --shape "${sd% *}" --dtype "${sd#* }" --reps 3 --per-rep 1 --no-overhead --copy-mib 16 2>&1 |
    grep -vE "^==PROF==|^ *-+ *-+|^\s*$" | head -120
done > $OUT/ncu53.log 2>&1
rm -f /tmp/t53.db*
for sd in "10592x65x65x65 f32" "5296x65x65x65 f64"; do
  timeout 60 build-gpu/tailor-tune --shape "${sd% *}" --dtype "${sd#* }" --db /tmp/t53.db --budget-s 30 --candidates 400
done > $OUT/tune53.log 2>&1
build-gpu/tailor-db export --db /tmp/t53.db > $OUT/tune53.jsonl
tail -5 $OUT/tune53.log
