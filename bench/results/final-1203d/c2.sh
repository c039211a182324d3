#!/usr/bin/env bash
# The build with the f64 cp.async qualifiers (.carry/new): the suite with nothing but the
# shipped database, the tiny calls, the peers in the same run, the plots; forced 128^3 f64
# tiles; the variants (base = the build before, new, f32ca128 = new with the whole-line hint
# on f32 copies too) through dispatch; then the GPU tests.
set -u -o pipefail
B=.carry/new L=$OUT/run.log
export TAILOR_CACHE_DIR=/tmp/tailor-cache
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; date -u; } > $L
echo "=== suite $(date +%T)" >> $L
TAILOR_DB=/tmp/none.db $B/tailor-bench --suite .carry/suite.txt --json $OUT/tailor.jsonl > $OUT/bench.log 2>&1
echo "=== tiny calls $(date +%T)" >> $L
TAILOR_DB=/tmp/none.db $B/tailor-bench --shape 1x5x10x5 --dtype f32 --tiny-calls 100000 >> $L 2>&1
echo "=== peers $(date +%T)" >> $L
PYTHONUNBUFFERED=1 python3 .carry/peers.py --suite .carry/suite.txt --out $OUT/peers.jsonl --compare $OUT/tailor.jsonl > $OUT/peers.log 2>&1
python3 bench/plot.py --tailor $OUT/tailor.jsonl --peers $OUT/peers.jsonl --out $OUT >> $L 2>&1
echo "=== forced 128^3 f64 $(date +%T)" >> $L
f=(tiled,t=256,minb=2,bm=64,bn=128,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=4
   tiled,t=128,minb=2,bm=64,bn=128,bk=16,vec=2,rm=4,rn=8,grid=0,mma=1,st=3
   tiled,t=128,minb=2,bm=64,bn=128,bk=8,vec=2,rm=4,rn=8,grid=0,mma=1,st=4
   tiled,t=256,minb=2,bm=128,bn=64,bk=8,vec=2,rm=4,rn=4,grid=0,mma=1,st=4)
args=(); for c in "${f[@]}"; do args+=(--config $c); done
timeout 90 $B/tailor-bench --shape 1365x128x128x128 --dtype f64 --no-overhead --copy-mib 512 "${args[@]}" >> $L 2>&1
echo "=== variants $(date +%T)" >> $L
for v in base new f32ca128; do
  echo "=== $v $(date +%T)" >> $OUT/ab.log
  TAILOR_DB=/tmp/none.db TAILOR_CACHE_DIR=/tmp/cache-$v timeout 120 .carry/$v/tailor-bench --suite .carry/pf.suite \
    --no-overhead --copy-mib 512 2>&1 | grep -v '^#' >> $OUT/ab.log
done
echo "=== gpu tests $(date +%T)" >> $L
t=$B/tests/tailor_gpu_tests d=$(mktemp -d)
g2="*(mma)*,*no vector stores*" g3="*two-buffer*,*one-matrix*,*off a multiple*,*micro-tiles of 6*"
g5="*autotune*,*bulk-copied slabs*,*rows regrouped*"
(time timeout 260 $t -tc="gpu sweep*") > $d/1.log 2>&1 &
(time timeout 260 $t -tc="$g2") > $d/2.log 2>&1 &
(time timeout 260 $t -tc="$g3") > $d/3.log 2>&1 &
(time timeout 260 $t -tce="gpu sweep*,$g2,$g3,$g5") > $d/4.log 2>&1 &
(time timeout 260 $t -tc="$g5") > $d/5.log 2>&1 &
wait
cat $d/*.log | grep -E "MESSAGE|ERROR|FAILED|CRASHED|test cases|assertions|Status|real" >> $L
echo "=== done $(date +%T)" >> $L
