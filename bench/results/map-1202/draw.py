#!/usr/bin/env python3
"""A fresh map of problems outside the suite, for timing through dispatch beside the peers:
the families of bench/random_suite.py (sides drawn uniformly in each family's ranges, the
large mid-size family too), each problem with no shared operand, A shared or B shared (one
in three each), f32 or f64, log-uniform 60-250 MB.  python3 draw.py SEED PER_FAMILY"""
import math, random, sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from random_suite import FAMILIES, LARGE
seed, per = map(int, sys.argv[1:3])
r = random.Random(seed)
for _, ranges in FAMILIES + [LARGE]:
    for _ in range(per):
        m, k, n = (r.randint(lo, hi) for lo, hi in ranges)
        dt = r.choice(["f32", "f64"]); es = 4 if dt == "f32" else 8
        flag = r.choice(["", "bcastA", "bcastB"])
        mb = math.exp(r.uniform(math.log(60e6), math.log(250e6)))
        a, b, c = m * k, k * n, m * n
        per_mat = (0 if flag == "bcastA" else a) + (0 if flag == "bcastB" else b) + c
        fixed = a if flag == "bcastA" else b if flag == "bcastB" else 0
        batch = max(2, int((mb / es - fixed) / per_mat))
        print(batch, m, k, n, dt, flag)
