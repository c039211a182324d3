#!/usr/bin/env bash
# Call 2: 128^3 f64 tile shapes forced, ncu of two of them, a longer tune of 33^3 f64.
set -u
B=.carry/b2
export TAILOR_CACHE_DIR=/tmp/tailor-cache
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv
date -u
echo "=== forced 128^3 f64 ($(date +%T))"
args=(); while read -r s d c _; do args+=(--config "$c"); done < <(grep -v '^#' .carry/force2.txt)
timeout 200 $B/tailor-bench --shape 1365x128x128x128 --dtype f64 --no-overhead --copy-mib 512 "${args[@]}" 2>&1 | grep -v '^#'
echo "=== again, reversed order ($(date +%T))"
rargs=(); for ((i=${#args[@]}-1;i>=1;i-=2)); do rargs+=(--config "${args[$i]}"); done
timeout 200 $B/tailor-bench --shape 1365x128x128x128 --dtype f64 --no-overhead --copy-mib 512 "${rargs[@]}" 2>&1 | grep -v '^#'
for c in "tiled,t=256,minb=1,bm=64,bn=128,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=4" "tiled,t=512,minb=1,bm=128,bn=128,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=4"; do
  echo "=== ncu $c ($(date +%T))"
  timeout 90 ncu --clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats \
    --section MemoryWorkloadAnalysis --section LaunchStats -k regex:"tailor_f64" --launch-skip 3 --launch-count 1 \
    $B/tailor-bench --shape 1365x128x128x128 --dtype f64 --config "$c" --reps 3 --per-rep 1 --no-overhead --copy-mib 16 2>&1 |
    grep -vE "^==PROF==|^ *-+ *-+|^\s*$" | head -120
done
echo "=== tune 33^3 f64, 40 s ($(date +%T))"
rm -f /tmp/t33.db*
printf '20541 33 33 33 f64\n' > /tmp/t33.txt
timeout 120 $B/tailor-tune --suite /tmp/t33.txt --db /tmp/t33.db --budget-s 40 --candidates 3000 2>&1 | tail -15
$B/tailor-db export --db /tmp/t33.db
echo "=== done ($(date +%T))"
