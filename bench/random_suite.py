#!/usr/bin/env python3
"""Random problems outside bench/suite.txt, for checking dispatch (the heuristic and the
neighbour rules) on families of shapes rather than on listed ones.

Usage: python3 bench/random_suite.py [--seed S] [--per-family N] [--large N] [--mb MB] > problems.txt
Writes a suite file (batch M K N dtype, one problem a line) readable by tailor-bench
--suite and tailor-tune --suite. Each family draws M, K, N uniformly from its ranges and the
dtype at random; the batch makes each problem move about MB megabytes (A, B and C once).
bench/NOTES.md ("The heuristic on problems outside the suite") used seeds 20261130 (5 a
family), 7 (6), 11 (5) and 13 (3).
"""
import argparse
import random

FAMILIES = [  # name, (M range, K range, N range)
    ("tiny", ((2, 8), (2, 8), (2, 8))),
    ("small", ((9, 24), (9, 24), (9, 24))),
    ("mid", ((25, 72), (25, 72), (25, 72))),
    ("skinny", ((1, 8), (5, 200), (1, 4))),
    ("narrow long K", ((2, 16), (32, 256), (2, 16))),
    ("wide N", ((2, 8), (4, 32), (16, 96))),
    ("tall M", ((16, 96), (4, 32), (2, 8))),
]
# Drawn only with --large (after the families above, so that older seeds draw what they drew).
LARGE = ("large mid", ((73, 128), (25, 128), (73, 128)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--per-family", type=int, default=5)
    ap.add_argument("--mb", type=float, default=120.0, help="megabytes each problem moves")
    ap.add_argument("--large", type=int, default=0, help="also draw this many problems with sides 73-128")
    a = ap.parse_args()
    r = random.Random(a.seed)
    print(f"# Random problems outside the suite, seed {a.seed}: batch M K N dtype, ~{a.mb:g} MB each")
    for _, ranges in FAMILIES + [LARGE]:
        for _ in range(a.large if ranges is LARGE[1] else a.per_family):
            m, k, n = (r.randint(lo, hi) for lo, hi in ranges)
            dtype = r.choice(["f32", "f64"])
            esize = 4 if dtype == "f32" else 8
            batch = max(1, int(a.mb * 1e6 / ((m * k + k * n + m * n) * esize)))
            print(f"{batch} {m} {k} {n} {dtype}")


if __name__ == "__main__":
    main()
