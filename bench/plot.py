#!/usr/bin/env python3
"""Draws the charts a user would draw from one GPU run (matplotlib):

  k_sweep.png   time per call against K = 5..50 for (1e6, 3, K) @ (1e6, K, 1), f32 and f64,
                Tailor beside every peer (log scale)
  pct_copy.png  % of the copy bandwidth each problem of the suite reaches, Tailor and the
                best peer, side by side

    python3 bench/plot.py --tailor tailor.jsonl --peers peers.jsonl --out DIR
"""
import argparse
import json
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

PEERS = ["torch", "cupy", "jax"]
LABEL = {"torch": "cuBLAS (torch.bmm)", "cupy": "CuPy", "jax": "JAX (XLA)", "tailor": "Tailor"}


def key(r):
    return (r["batch"], r["m"], r["k"], r["n"], r["dtype"], r.get("flag", "") or "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tailor", required=True)
    ap.add_argument("--peers", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    ours = {}
    for line in open(a.tailor):
        if line.strip():
            r = json.loads(line)
            ours[key(r)] = r
    peers, meta = [], {}
    for line in open(a.peers):
        if line.strip():
            r = json.loads(line)
            if "copy_GBps" in r:
                meta = r
            else:
                peers.append(r)
    copy = meta.get("copy_GBps", 1.0)
    os.makedirs(a.out, exist_ok=True)

    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5), sharey=False)
    for ax, dt in zip(axes, ["f32", "f64"]):
        rows = sorted((r for r in peers if r["m"] == 3 and r["n"] == 1 and r["batch"] == 1000000 and r["dtype"] == dt),
                      key=lambda r: r["k"])
        ks = [r["k"] for r in rows]
        for p in PEERS:
            ax.plot(ks, [r[p] * 1e3 for r in rows], marker="o", label=LABEL[p])
        ax.plot(ks, [ours[key(r)]["seconds"] * 1e3 if key(r) in ours else float("nan") for r in rows], marker="s",
                linewidth=2.5, color="black", label=LABEL["tailor"])
        ax.plot(ks, [r["bytes"] / (copy * 1e9) * 1e3 for r in rows], linestyle="--", color="gray",
                label="bytes / copy bandwidth")
        ax.set_yscale("log")
        ax.set_xlabel("K")
        ax.set_ylabel("time per call (ms)")
        ax.set_title(f"(1e6, 3, K) @ (1e6, K, 1), {dt}")
        ax.grid(True, which="both", alpha=0.3)
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "k_sweep.png"), dpi=110)

    names, ours_pct, best_pct = [], [], []
    for r in peers:
        k = key(r)
        if k not in ours:
            continue
        names.append(f"{r['batch']}x{r['m']}x{r['k']}x{r['n']} {r['dtype']} {r.get('flag', '')}".strip())
        ours_pct.append(100 * r["bytes"] / ours[k]["seconds"] / 1e9 / copy)
        best_pct.append(100 * r["bytes"] / min(r[p] for p in PEERS if p in r) / 1e9 / copy)
    fig, ax = plt.subplots(figsize=(12, 0.22 * len(names) + 1.5))
    y = range(len(names))
    ax.barh([i + 0.2 for i in y], ours_pct, height=0.4, color="black", label="Tailor")
    ax.barh([i - 0.2 for i in y], best_pct, height=0.4, color="tab:orange", label="best peer")
    ax.set_yticks(list(y))
    ax.set_yticklabels(names, fontsize=7)
    ax.invert_yaxis()
    ax.axvline(90, color="gray", linestyle="--", linewidth=1)
    ax.set_xlabel("% of the copy bandwidth (fewest bytes the product must move / time)")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "pct_copy.png"), dpi=110)


if __name__ == "__main__":
    main()
