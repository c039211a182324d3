#!/usr/bin/env python3
"""Mid-to-large f32 products the FP64-tensor-core rule for f32 leaves to FMA kernels: sides
M, N of 40-128, K of 17-128, either with a reduction whose rows are not whole 16-byte units
(K not a multiple of 4) or with A or B shared by the batch (any K); log-uniform 60-200 MB.
With a third argument, also a group of whole rows (K a multiple of 4, nothing shared).
python3 draw.py SEED PER_GROUP [whole]"""
import math, random, sys
seed, per = map(int, sys.argv[1:3])
r = random.Random(seed)
for flag in ["", "bcastA", "bcastB"] + (["whole"] if len(sys.argv) > 3 else []):
    for _ in range(per):
        m, n = r.randint(40, 128), r.randint(40, 128)
        k = r.randint(17, 128)
        while (flag == "" and k % 4 == 0) or (flag == "whole" and k % 4):
            k = r.randint(17, 128)
        mb = math.exp(r.uniform(math.log(60e6), math.log(200e6)))
        a, b, c = m * k, k * n, m * n
        shared = "" if flag == "whole" else flag
        per_mat = (0 if shared == "bcastA" else a) + (0 if shared == "bcastB" else b) + c
        fixed = a if shared == "bcastA" else b if shared == "bcastB" else 0
        print(max(2, int((mb / 4 - fixed) / per_mat)), m, k, n, "f32", shared)
