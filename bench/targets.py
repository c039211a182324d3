#!/usr/bin/env python3
"""Issue 5's targets 1, 2 and 4 read from a tailor-bench --json file of the suite.

    python3 bench/targets.py tailor.jsonl

Percentages are of tailor-bench's own copy figure (copy_gbps in each line). The memory-bound
problems are every suite problem except the 64^3 and 128^3 cubes; the K sweep is
1000000 x 3 x K x 1 in each dtype; 33/32 compares the 33^3 and 32^3 cubes' GB/s.
"""
import json
import statistics
import sys


def main(path):
    rows = [json.loads(line) for line in open(path) if line.strip()]
    key = lambda r: f"{r['batch']}x{r['m']}x{r['k']}x{r['n']} {r['dtype']} {r.get('flag', '')}".strip()
    cube = lambda r, s: r['m'] == r['k'] == r['n'] == s
    bound = [r for r in rows if not (cube(r, 64) or cube(r, 128))]
    pct = [r['pct_copy'] for r in bound]
    low = [f"{key(r)} {r['pct_copy']:.1f} %" for r in bound if r['pct_copy'] < 90]
    print(f"(1) memory-bound: {len(bound)} problems, median {statistics.median(pct):.1f} % of copy, "
          f"{len(bound) - len(low)} at 90 % or more; under 90: {', '.join(low) or 'none'}")
    for dt in ('f64', 'f32'):
        sweep = [r for r in rows if r['batch'] == 1000000 and r['m'] == 3 and r['n'] == 1 and r['dtype'] == dt]
        if sweep:
            lo, hi = min(sweep, key=lambda r: r['gbps']), max(sweep, key=lambda r: r['gbps'])
            print(f"(2) {dt} K sweep: slowest / fastest {lo['gbps'] / hi['gbps']:.3f} "
                  f"(K = {lo['k']} {lo['gbps']:.0f} GB/s, K = {hi['k']} {hi['gbps']:.0f} GB/s)")
        side = {r['m']: r['gbps'] for r in rows if r['dtype'] == dt and r['m'] == r['k'] == r['n']}
        if 32 in side and 33 in side:
            print(f"(2) {dt} 33^3 / 32^3: {side[33] / side[32]:.3f}")
    for r in rows:
        if cube(r, 64) or cube(r, 128):
            flops = 2.0 * r['batch'] * r['m'] ** 3
            print(f"(4) {key(r)}: {r['seconds'] * 1e6:.1f} us, {flops / r['seconds'] / 1e12:.1f} TFLOP/s, "
                  f"{r['pct_copy']:.1f} % of copy, {r['config']}")


if __name__ == '__main__':
    main(sys.argv[1])
