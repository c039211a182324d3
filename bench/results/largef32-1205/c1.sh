#!/usr/bin/env bash
# Call 1 (build of d2a5bc3, .carry/h): the mid-to-large f32 products of set.txt forced side
# by side at five configs each (forced.txt: the f32 heuristic, the f64 heuristic's config,
# the cost model's best FMA tile, two fixed DMMA tiles), a 12 s tune of six of them, torch.
set -u -o pipefail
B=.carry/h L=$OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tailor-cache TAILOR_DB=/tmp/none.db
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
T1=tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=4,rm=4,rn=4,grid=0,mma=1,st=4
T2=tiled,t=64,minb=2,bm=32,bn=64,bk=8,vec=4,rm=4,rn=4,grid=0,mma=1,st=3
echo "=== forced $(date +%T)" >> $L
while IFS='|' read -r s h d f; do
  s=${s% }; bc=""; [[ $s == *--bcast* ]] && bc="--bcast ${s##* }"; s=${s%% *}
  echo "### $s $bc" >> $OUT/forced.log
  timeout 120 $B/tailor-bench --shape $s --dtype f32 $bc --no-overhead --copy-mib 512 \
    --config $h --config $d --config $f --config $T1 --config $T2 --json $OUT/forced.jsonl >> $OUT/forced.log 2>&1
done < .carry/forced.txt
echo "=== tune $(date +%T)" >> $L
for p in "808x98x87x101" "809x118x128x88 --bcast B" "1043x123x114x92" "868x91x75x120" "1569x87x67x122 --bcast B" "1426x82x36x112 --bcast A"; do
  timeout 60 $B/tailor-tune --shape $p --dtype f32 --budget-s 12 --fresh --db /tmp/tune.db >> $OUT/tune.log 2>&1
done
$B/tailor-db export --db /tmp/tune.db > $OUT/tune.jsonl 2>> $OUT/tune.log
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 timeout 200 python3 .carry/peers.py --suite .carry/set.txt --only torch --out $OUT/peers.jsonl > $OUT/peers.log 2>&1
echo "=== done $(date +%T)" >> $L
grep -E "###|us|GB/s" $OUT/forced.log | head -150
tail -30 $OUT/tune.log
