#!/usr/bin/env python3
"""NumPy on the CPU-path suite, and the peer table of the CPU path.

  cpu_peers.py numpy --suite SUITE --out numpy.jsonl [--mb 200] [--reps 9]
      times np.matmul(A, B, out=C) on stacked arrays (batch, M, K) @ (batch, K, N) (a
      broadcast operand is one 2-D array), each problem's batch cut so it moves about
      --mb megabytes, as tailor-cpu-peers does; one thread (OPENBLAS_NUM_THREADS=1 etc.
      are set before NumPy is imported); median of --reps calls over rotating input sets;
      the result of set 0 checked against a float64 product. Also one 5x10x5 f32 product.

  cpu_peers.py table --peers peers.jsonl --numpy numpy.jsonl
      the markdown table of bench/NOTES.md ("CPU path") from tailor-cpu-peers' and this
      script's JSON lines, with the targets of issue 4 checked.

Run both through bench/cpu_peers.sh, in one run on one machine.
"""
import argparse, json, os, statistics, sys, time


def parse_suite(path):
    probs = []
    for n, line in enumerate(open(path), 1):
        f = line.split("#", 1)[0].split()
        if not f:
            continue
        batch, m, k, n_ = map(int, f[:4])
        probs.append(dict(line=n, batch=batch, m=m, k=k, n=n_, dtype=f[4], flag=f[5] if len(f) > 5 else ""))
    return probs


def scaled_batch(p, mb):
    """The batch tailor-cpu-peers uses: about mb megabytes at the suite problem's bytes per
    entry (GemmProblem::min_bytes / batch, a broadcast operand counted once)."""
    esz = 4 if p["dtype"] == "f32" else 8
    m, k, n, b = p["m"], p["k"], p["n"], p["batch"]
    a_elems = (1 if p["flag"] == "bcastA" else b) * m * k
    b_elems = (1 if p["flag"] == "bcastB" else b) * k * n
    per = esz * (a_elems + b_elems + b * m * n) / b
    return max(1, int(mb * 1e6 / per))


def run_numpy(args):
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS"):
        os.environ[var] = "1"
    import numpy as np

    out = open(args.out, "w")

    def emit(j):
        out.write(json.dumps(j) + "\n")
        out.flush()

    rng = np.random.default_rng(20261129)

    def rand(shape, dt):
        mag = rng.uniform(0.0625, 1.0, size=shape)
        sign = np.where(rng.integers(0, 2, size=shape) == 1, -1.0, 1.0)
        return (mag * sign).astype(dt)

    # One 5x10x5 f32 product.
    a, b = rand((5, 10), np.float32), rand((10, 5), np.float32)
    c = np.empty((5, 5), np.float32)
    samples = []
    for _ in range(15):
        t0 = time.perf_counter()
        for _ in range(20000):
            np.matmul(a, b, out=c)
        samples.append((time.perf_counter() - t0) / 20000)
    lat = statistics.median(samples[1:])
    print(f"# numpy {np.__version__}: one 5x10x5 f32 product {lat * 1e9:.0f} ns", flush=True)
    emit(dict(kind="latency", shape="1x5x10x5 f32", numpy_ns=lat * 1e9, numpy_version=np.__version__))

    for p in parse_suite(args.suite):
        if args.only and p["line"] not in args.only:
            continue
        dt = np.float32 if p["dtype"] == "f32" else np.float64
        batch = scaled_batch(p, args.mb)
        m, k, n = p["m"], p["k"], p["n"]
        esz = np.dtype(dt).itemsize
        nbytes = esz * (batch * m * n + (m * k if p["flag"] == "bcastA" else batch * m * k) +
                        (k * n if p["flag"] == "bcastB" else batch * k * n))
        sets = int(min(8, max(2, 1.2e9 // nbytes)))
        A = [rand((m, k) if p["flag"] == "bcastA" else (batch, m, k), dt) for _ in range(sets)]
        B = [rand((k, n) if p["flag"] == "bcastB" else (batch, k, n), dt) for _ in range(sets)]
        C = [np.empty((batch, m, n), dt) for _ in range(sets)]
        C[0].fill(np.nan)
        np.matmul(A[0], B[0], out=C[0])
        few = min(batch, 1000)
        a64 = A[0].astype(np.float64) if p["flag"] == "bcastA" else A[0][:few].astype(np.float64)
        b64 = B[0].astype(np.float64) if p["flag"] == "bcastB" else B[0][:few].astype(np.float64)
        ref = np.matmul(a64, b64)
        ref = ref if ref.ndim == 3 else ref[None]
        err = float(np.max(np.abs(C[0][:few] - ref[:few])) / np.max(np.abs(ref[:few])))
        ts, s = [], 1
        for _ in range(args.reps):
            t0 = time.perf_counter()
            np.matmul(A[s], B[s], out=C[s])
            ts.append(time.perf_counter() - t0)
            s = (s + 1) % sets
        t = statistics.median(ts)
        print(f"{batch}x{m}x{k}x{n} {p['dtype']} {p['flag']:7s} {t * 1e3:9.3f} ms {nbytes / t / 1e9:7.2f} GB/s  err {err:.1e}",
              flush=True)
        emit(dict(kind="problem", line=p["line"], batch=batch, m=m, k=k, n=n, dtype=p["dtype"], flag=p["flag"],
                  bytes=nbytes, numpy1_s=t, numpy_err=err))
        del A, B, C


def load(path):
    return [json.loads(l) for l in open(path) if l.strip()]


def run_table(args):
    peers, nump = load(args.peers), load(args.numpy)
    np_by_line = {j["line"]: j for j in nump if j["kind"] == "problem"}
    lat_np = next((j for j in nump if j["kind"] == "latency"), None)
    lat = next(j for j in peers if j["kind"] == "latency")
    mem = [j for j in peers if j["kind"] == "memcpy"]
    bw1 = next(j["gbps"] for j in mem if j["threads"] == 1)
    bwall = max(j["gbps"] for j in mem)
    rows = [j for j in peers if j["kind"] == "problem"]
    threads = rows[0]["threads"] if rows else 0
    print(f"memcpy: {bw1:.1f} GB/s on 1 thread, {bwall:.1f} GB/s on {threads} (bytes read + written); "
          f"per problem, the memcpy of the same run is `memcpy_all_gbps`.\n")
    print("| problem (batch M K N dtype) | Tailor 1 thread | LIBXSMM 1 thread | OpenBLAS loop | NumPy matmul | "
          f"Tailor {threads} threads | % of memcpy | Tailor / LIBXSMM |")
    print("|---|---|---|---|---|---|---|---|")
    worst, misses, below80, membound = 9.0, [], [], []
    for j in rows:
        gb = j["bytes"] / 1e9
        cell = lambda s: f"{s * 1e3:.2f} ms ({gb / s:.1f})"
        npj = np_by_line.get(j["line"])
        pct = 100 * gb / j["tailor_all_s"] / j["memcpy_all_gbps"]
        ratio = j["libxsmm1_s"] / j["tailor1_s"]
        worst = min(worst, ratio)
        label = f"{j['batch']} {j['m']} {j['k']} {j['n']} {j['dtype']}{' ' + j['flag'] if j['flag'] else ''}"
        if ratio < 1.0:
            misses.append(label)
        # Memory-bound: at most 2 flops a byte (one AVX-512 core does 80 GFLOP/s f64 where
        # two move 40 GB/s; f32 does twice the flops).
        intensity = 2.0 * j["batch"] * j["m"] * j["k"] * j["n"] / j["bytes"]
        if intensity <= (2.0 if j["dtype"] == "f64" else 4.0):
            membound.append(label)
            if pct < 80:
                below80.append(f"{label} ({pct:.0f} %)")
        print(f"| {label} | {cell(j['tailor1_s'])} | {cell(j['libxsmm1_s'])} | {cell(j['openblas1_s'])} | "
              f"{cell(npj['numpy1_s']) if npj else '-'} | {cell(j['tailor_all_s'])} | {pct:.0f} % | {ratio:.2f}x |")
    print(f"\nOne 5x10x5 f32 product: Tailor CpuKernel {lat['tailor_handle_ns']:.1f} ns, Tailor gemm "
          f"{lat['tailor_gemm_ns']:.1f} ns, LIBXSMM kernel {lat['libxsmm_ns']:.1f} ns, OpenBLAS sgemm "
          f"{lat['openblas_ns']:.1f} ns" + (f", NumPy matmul {lat_np['numpy_ns']:.0f} ns" if lat_np else ""))
    print(f"\nTargets: Tailor >= LIBXSMM on every problem (1 thread): "
          f"{'met' if not misses else 'MISSED on ' + ', '.join(misses)} (worst {worst:.2f}x); "
          f"handle <= 40 ns: {'met' if lat['tailor_handle_ns'] <= 40 else 'MISSED'}; gemm <= 150 ns: "
          f"{'met' if lat['tailor_gemm_ns'] <= 150 else 'MISSED'}; >= 80 % of memcpy with {threads} threads on the "
          f"{len(membound)} memory-bound problems (<= 2 flop/byte f64, 4 f32): "
          f"{'met' if not below80 else 'MISSED on ' + ', '.join(below80)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("numpy")
    a.add_argument("--suite", required=True)
    a.add_argument("--out", required=True)
    a.add_argument("--mb", type=float, default=200)
    a.add_argument("--reps", type=int, default=9)
    a.add_argument("--only", type=lambda s: [int(x) for x in s.split(",")], default=None)
    t = sub.add_parser("table")
    t.add_argument("--peers", required=True)
    t.add_argument("--numpy", required=True)
    args = ap.parse_args()
    run_numpy(args) if args.cmd == "numpy" else run_table(args)


if __name__ == "__main__":
    main()
