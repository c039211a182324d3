# f64 products with one side of 1-16 (N) and the other 17-320 (M), K 8-128, half with A shared,
# ~150 MB, whose pick (/tmp/dcW4, 6fee24f) is an FMA slab: forced beside the DMMA tile
# gen::narrow_dmma would give them (its rule written out here), and, where A is shared, the
# same tile in four stages. -> /work/main/.carry/s/forceD2.txt
#   python3 drawD2.py SEED COUNT
import math, random, subprocess, sys
seed, count = map(int, sys.argv[1:3]); random.seed(seed)
lu = lambda lo, hi: int(round(math.exp(random.uniform(math.log(lo), math.log(hi)))))
cd = lambda a, b: (a + b - 1) // b
def dc(line): return subprocess.run(['/tmp/dcW4'], input=line + "\n", capture_output=True, text=True).stdout.split()[-1]
def narrow(m, n):
    past = max(m, n) > 128
    for rnd in (8, 16):
        bm = 64 if m > 128 else cd(m, rnd) * rnd; bn = 64 if n > 128 else cd(n, rnd) * rnd
        tm, tn = bm // 8, bn // 8; best = None
        for wm in range(1, tm + 1):
            for wn in range(1, tn + 1):
                if tm % wm or tn % wn: continue
                w, rm, rn = wm * wn, tm // wm, tn // wn
                if w > 8 or rm > 8 or rn > 8 or rm * rn > 16: continue
                key = (w, -abs(rm - rn))
                if best is None or key > best[0]: best = (key, wm, wn)
        if not best: continue
        _, wm, wn = best; t = 32 * wm * wn
        st = 3 if past or (16 < bm <= 96 and bn <= 16 and bm * bn > 256) else 4
        return f"tiled,t={t},minb={2 if t <= 128 else 1},bm={bm},bn={bn},bk={32 if bm * bn <= 256 else 16},vec=2,rm={tm // wm},rn={tn // wn},grid=0,mma=1,st={st}"
out, got = [], 0
while got < count:
    m, k, n = lu(17, 320), lu(8, 128), lu(1, 16); flag = random.choice(['', 'bcastA'])
    per = (0 if flag else m * k) + k * n + m * n; b = max(2, int(150e6 / (per * 8)))
    s = f"{b}x{m}x{k}x{n}"; pick = dc(f"{s} f64 {flag}")
    if not pick.startswith('slab') or ',mma=1' in pick: continue
    got += 1; f = flag or '-'; t = narrow(m, n)
    out += [f"{s} f64 {f} {pick}", f"{s} f64 {f} {t}", f"{s} f64 {f} {t.replace('st=3', 'st=4')}" if 'st=3' in t else None]
    print(s, 'f64', f, pick, t, flush=True)
open('/work/main/.carry/s/forceD2.txt', 'w').write("\n".join(x for x in out if x) + "\n")
