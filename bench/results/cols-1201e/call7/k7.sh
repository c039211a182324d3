set -u
# call 7 of bench/NOTES.md (run as .carry/m/k6.sh)
B=build-gpu
for mb in 1 2; do timeout 60 $B/tailor-gen --shape 49867x38x9x8 --dtype f64 --bcast A --config slab,t=416,minb=$mb,mats=32,vec=2,rm=3,rn=8,grid=0,cs=1,tma=1 --compile -q 2>&1 | grep -E "regis|spills" >> $OUT/gen.txt; done
printf "49867 38 9 8 f64 bcastA\n68933 102 34 4 f32 bcastA\n33422 79 23 11 f32 bcastA\n27573 119 17 10 f32 bcastA\n" > /tmp/s.txt
for r in 1 2; do for side in old new; do echo "=== round $r $side" >> $OUT/ab.log
  if [ $side = old ]; then bin=.carry/m/tailor-bench-039; c=/tmp/tc_old; else bin=$B/tailor-bench; c=/tmp/tc_new; fi
  TAILOR_LOG=1 TAILOR_CACHE_DIR=$c timeout 60 $bin --suite /tmp/s.txt --no-overhead --copy-mib 512 2>>$OUT/log_$side.txt | grep -v '^#' >> $OUT/ab.log
done; done
cat $OUT/gen.txt; grep -h "loaded" $OUT/log_new.txt | sort -u
