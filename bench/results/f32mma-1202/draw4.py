# A/B draw for the f32 DMMA rule: 24 f32 shapes with 16-byte rows (M, K, N multiples of 4,
# a third multiples of 16; sides 40-256, K 16-256) and 6 with an odd K (which the rule leaves
# alone), batch sized to ~256 MB; none of draw3's shapes.
import random, sys
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1208)
seen = set(l.split()[0] for l in open('bench/results/f32mma-1202/force3.txt'))
out = []
while len(out) < 30:
    i = len(out)
    if i < 24:
        q = 16 if i % 3 == 0 else 4
        lo = 48 if q == 16 else 40
        m, n = rng.randrange(lo, 257, q), rng.randrange(lo, 257, q)
        k = rng.randrange(16, 257, q)
    else:
        m, n, k = rng.randrange(40, 257, 4), rng.randrange(40, 257, 4), rng.randrange(17, 257, 2)
    batch = max(1, int(256e6 / (4 * (m * k + k * n + m * n))))
    s = f"{batch}x{m}x{k}x{n}"
    if s in seen: continue
    seen.add(s)
    out.append(f"{batch} {m} {k} {n} f32")
print("\n".join(out))
