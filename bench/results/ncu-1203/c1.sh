#!/usr/bin/env bash
# Call 1: the kernels of ncu1.txt (f32 slabs of sides 36-48 as dispatch runs them, the
# tuner's one-matrix winner, 33^3 and 32^3 f32 records) timed forced side by side, then one
# launch of each under ncu (--set full, --clock-control none). Build of 83f0be0 (.carry/new).
set -u
export TAILOR_CACHE_DIR=/tmp/tailor-cache
B=.carry/new
F=.carry/ncu1.txt
date -u > $OUT/info.txt
nvidia-smi --query-gpu=name,driver_version --format=csv >> $OUT/info.txt
for s in $(awk '{print $1"/"$2}' $F | sort -u); do
  shape=${s%/*}; dt=${s#*/}
  args=(); while read a b c t; do [ "$a/$b" = "$s" ] && args+=(--config "$c"); done < $F
  timeout 60 $B/tailor-bench --shape $shape --dtype $dt --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#' >> $OUT/time.log
done
date -u >> $OUT/info.txt
while read s d c t; do
  echo "=== $t $s $d $c ($(date +%T))"
  timeout 120 ncu --clock-control none --set full -k regex:tailor --launch-skip 3 --launch-count 1 \
    $B/tailor-bench --shape $s --dtype $d --config "$c" --reps 3 --per-rep 1 --no-overhead --copy-mib 16 2>&1 |
    grep -vE "^==PROF==|^ *-+ *-+|^\s*$"
done < $F > $OUT/ncu_all.txt 2>&1
date -u >> $OUT/info.txt
