#!/usr/bin/env bash
# For each problem of set.txt: the f32 heuristic's config (H), the config the f64 heuristic
# gives the same shape (D, f32 widened on the FP64 tensor cores, vec = 4: the generator
# narrows each operand's copies to what its rows allow) and the cost model's best FMA tile
# (F, the first candidate after the heuristic). Writes forced.txt: one tailor-bench line each.
G=${G:-../../../build/tailor-gen}
while read -r b m k n dt fl; do
  bc=""; [ -n "$fl" ] && bc="--bcast ${fl#bcast}"
  h=$($G --shape ${b}x${m}x${k}x${n} --dtype f32 $bc --candidates 1 | sed -n 2p | awk '{print $3}')
  d=$($G --shape ${b}x${m}x${k}x${n} --dtype f64 $bc --candidates 1 | sed -n 2p | awk '{print $3}' | sed 's/vec=2/vec=4/')
  for v in 4 2 1; do dv=${d/vec=4/vec=$v}; $G --shape ${b}x${m}x${k}x${n} --dtype f32 $bc --config $dv >/dev/null 2>&1 && break; done; d=$dv
  f=$($G --shape ${b}x${m}x${k}x${n} --dtype f32 $bc --candidates 2 | sed -n 3p | awk '{print $3}')
  echo "${b}x${m}x${k}x${n} $bc|$h|$d|$f"
done < set.txt > forced.txt
cat forced.txt
# Check every config with the generator (no GPU): print the ones it rejects.
T1=tiled,t=128,minb=1,bm=64,bn=64,bk=8,vec=4,rm=4,rn=4,grid=0,mma=1,st=4
T2=tiled,t=64,minb=2,bm=32,bn=64,bk=8,vec=4,rm=4,rn=4,grid=0,mma=1,st=3
while IFS='|' read -r s h d f; do
  s=${s% }; s=${s/ --bcast /:}; bc=""; [[ $s == *:* ]] && bc="--bcast ${s#*:}"; s=${s%:*}
  for c in "$h" "$d" "$f" $T1 $T2; do
    $G --shape $s --dtype f32 $bc --config $c > /dev/null 2>/tmp/err || echo "REJECT $s $c: $(head -1 /tmp/err)"
  done
done < forced.txt
