set -u
for side in old new; do
  if [ $side = old ]; then bin=.carry/m/tailor-bench-039; else bin=build-gpu/tailor-bench; fi
  for s in "49867x38x9x8 f64" "33422x79x23x11 f32"; do set -- $s
    TAILOR_LOG=1 TAILOR_CACHE_DIR=/tmp/d_$side timeout 60 $bin --shape $1 --dtype $2 --bcast A --reps 2 --no-overhead >> $OUT/log_$side.txt 2>&1
  done
done
for mb in 1 2; do timeout 60 build-gpu/tailor-gen --shape 49867x38x9x8 --dtype f64 --bcast A --config slab,t=416,minb=$mb,mats=32,vec=2,rm=3,rn=8,grid=0,cs=1,tma=1 --compile -q >> $OUT/gen.txt 2>&1; done
env | grep -i tailor > $OUT/env_tailor.txt; ls -la ~/.cache/tailor 2>&1 >> $OUT/env_tailor.txt
cat $OUT/log_old.txt $OUT/log_new.txt | grep -v "^#" | head -40; grep -E "regis|spills" $OUT/gen.txt
