#!/usr/bin/env python3
"""mkt.py GEN LIST... > force.txt: for each "batch M K N dtype" or "BATCHxMxKxN dtype [flag]" line
of the lists whose heuristic config is a one-buffer bulk-copied slab (tma=1, no st=2), that
config (H) and the same with tma=2 (T2: the runs copied by the threads' cp.async)."""
import os, re, subprocess, sys
gen = sys.argv[1]
env = dict(os.environ, TAILOR_DB="/tmp/none.db")
seen = set()
for path in sys.argv[2:]:
    for line in open(path):
        f = line.split("#")[0].split()
        if not f:
            continue
        if "x" in f[0]:
            shape, dtype, flag = f[0], f[1], (f[2] if len(f) > 2 else "-")
        else:
            shape, dtype = "x".join(f[:4]), f[4]
            flag = f[5] if len(f) > 5 else "-"
        if (shape, dtype, flag) in seen:
            continue
        seen.add((shape, dtype, flag))
        cmd = [gen, "--shape", shape, "--dtype", dtype] + (["--bcast", flag[5:]] if flag != "-" else [])
        out = subprocess.run(cmd, capture_output=True, text=True, env=env).stdout
        m = re.search(r"^// config:\s+(\S+)", out, re.M)
        if not m:
            continue
        h = m.group(1)
        if ",tma=1" not in h or ",st=2" in h:
            continue
        print(f"{shape} {dtype} {flag} {h} H")
        print(f"{shape} {dtype} {flag} {h.replace(',tma=1', ',tma=2')} T2")
