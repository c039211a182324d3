#!/usr/bin/env python3
"""A random draw of batched products (each 60-400 MB), one line each: batch M K N dtype [flag].
Sides from four ranges (1-8, 1-24, 9-64, 40-160), K from three (1-8, 1-64, 16-200), a shared
operand in 2 of 3 (the register estimate moves picks only where rows are regrouped).
Usage: draw.py SEED COUNT"""
import random, sys
random.seed(int(sys.argv[1]))
for i in range(int(sys.argv[2])):
    dt = random.choice(['f32', 'f64'])
    m = random.choice([random.randint(1, 8), random.randint(1, 24), random.randint(9, 64), random.randint(40, 160)])
    k = random.choice([random.randint(1, 8), random.randint(1, 64), random.randint(16, 200)])
    n = random.choice([random.randint(1, 8), random.randint(1, 24), random.randint(9, 64), random.randint(40, 160)])
    flag = random.choice(['', 'bcastA', 'bcastB'])
    esz = 4 if dt == 'f32' else 8
    per = ((0 if flag == 'bcastA' else m * k) + (0 if flag == 'bcastB' else k * n) + m * n) * esz
    print(max(1, int(random.uniform(60e6, 400e6) / per)), m, k, n, dt, flag)
