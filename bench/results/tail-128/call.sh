#!/usr/bin/env bash
# Wave quantization on 128^3 f64: 1365 matrices are 10.34 waves of the shipped tile (2 CTAs
# of 64x128 an SM, 2 tiles a matrix); 1320 and 1188 are exactly 10 and 9 waves.
set -u
B=build-gpu
C=tiled,t=256,minb=2,bm=64,bn=128,bk=16,vec=2,rm=2,rn=8,grid=0,mma=1,st=3
for b in 1365 1320 1188; do $B/tailor-bench --shape ${b}x128x128x128 --dtype f64 --config $C --no-overhead 2>&1 | grep -v '^#' | tail -1; done
PYTHONUNBUFFERED=1 timeout 200 python3 .carry/peers.py --suite .carry/tail.txt --out $OUT/peers_tail.jsonl 2>&1 | tail -6
echo "=== end $(date +%T)"
