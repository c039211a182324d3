#!/usr/bin/env python3
"""Prints the floor of every problem of a suite: the fewest bytes it must move over the
copy bandwidth, and its flops over the arithmetic peak, as a Markdown table.

    python3 bench/floors.py SUITE [--copy-gbps 4248] [--fp32-tflops 66.9] [--fp64-tflops 66.9]

Peaks (H200 SXM at 1980 MHz, 132 SMs): FP32 FMA 132*128*2*1.98e9 = 66.9 TFLOP/s; FP64 on
the tensor cores (DMMA) 66.9 TFLOP/s, FP64 FMA 33.5 TFLOP/s. The copy bandwidth is the
device-to-device copy (read + write) measured by tailor-bench in the same run.
"""
import argparse


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("suite")
    ap.add_argument("--copy-gbps", type=float, default=4248.0)
    ap.add_argument("--fp32-tflops", type=float, default=66.9)
    ap.add_argument("--fp64-tflops", type=float, default=66.9)
    a = ap.parse_args()
    print("| problem | MB moved | memory floor (us) | GFLOP | compute floor (us) | bound by |")
    print("|---|---|---|---|---|---|")
    for line in open(a.suite):
        tok = line.split("#", 1)[0].split()
        if not tok:
            continue
        b, m, k, n = map(int, tok[:4])
        dt, flag = tok[4], (tok[5] if len(tok) > 5 else "")
        esz = 4 if dt == "f32" else 8
        nbytes = esz * ((1 if flag == "bcastA" else b) * m * k + (1 if flag == "bcastB" else b) * k * n + b * m * n)
        flops = 2.0 * b * m * k * n
        t_mem = nbytes / (a.copy_gbps * 1e9) * 1e6
        t_flop = flops / ((a.fp32_tflops if dt == "f32" else a.fp64_tflops) * 1e12) * 1e6
        bound = "memory" if t_mem >= t_flop else "compute"
        print(f"| {b}x{m}x{k}x{n} {dt} {flag} | {nbytes / 1e6:.0f} | {t_mem:.1f} | {flops / 1e9:.2f} | {t_flop:.1f} | {bound} |")


if __name__ == "__main__":
    main()
