set -u
W=$OUT; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv > $W/env.txt; date -u >> $W/env.txt
.carry/b/tailor-bench --shape 97656x16x16x16 --dtype f32 > $W/bench16.txt 2>&1
cd .carry/h
for r in 1 2; do echo "=== round $r"; while read -r line; do timeout 60 $line; done < list.txt; done > $W/h1.log 2>&1
cp regs.txt $W/
date -u >> $W/env.txt
