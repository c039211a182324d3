# A cost model of f32 FMA tiles, scored against the forced timings of calls 1-2: the
# instructions a useful FMA costs (padded work, shared-memory reads, element copies, partial
# warps, conflicted B reads) over the issue rate the occupancy allows.
import collections, math, re, sys, itertools
def parse_cfg(c):
    return {k: int(v) for k, v in (kv.split('=') for kv in c.split(',')[1:])}
def regs_of(line):
    m = re.search(r"regs (\d+) spill (\d+)", line); return (int(m.group(1)), int(m.group(2))) if m else (None, None)
def cost(shape, c, regs=None):
    b, M, K, N = map(int, shape.split('x'))
    bm, bn, bk, rm, rn, t = c['bm'], c['bn'], c['bk'], c['rm'], c['rn'], c['t']
    st = c.get('st', 0)
    tx = bn // rn
    pad = (math.ceil(M / bm) * bm * math.ceil(N / bn) * bn * math.ceil(K / bk) * bk) / (M * N * K)
    lb = 4 if N % 4 == 0 else 2 if N % 2 == 0 else 1
    lds_a = math.ceil(rm / 4); lds_b = math.ceil(rn / 4) * (1 if tx % 8 == 0 else 2)
    copies = (bm * bk + bk * bn / lb) / t  # per chunk a thread: A element by element
    per_k = rm * rn + lds_a + lds_b + copies * 15 / bk
    warps = math.ceil(t / 32)
    weff = t / (warps * 32)
    instr = pad * per_k / (rm * rn) / weff
    r = regs or (rm * rn + 2 * (rm + rn) + 40)
    r8 = math.ceil(r / 8) * 8
    ctas = min(65536 // (warps * 32 * r8), 2048 // (warps * 32), 32)
    w = ctas * warps
    rate = min(1.0, 0.45 + w / 32)  # issue efficiency grows with warps an SM
    return instr / rate
def load(log, force):
    cfgs = collections.OrderedDict(); regs = {}
    for l in open(force):
        if not l.strip() or l.startswith('#'): continue
        s, d, c = l.split()[:3]; cfgs.setdefault((s, d), []).append(c); regs[(s, c)] = regs_of(l)[0]
    times = collections.defaultdict(list); seen = collections.Counter()
    for l in open(log):
        t = l.split()
        if len(t) < 3 or not t[0][0].isdigit() or (t[0], t[1]) not in cfgs: continue
        key = (t[0], t[1]); i = seen[key] % len(cfgs[key]); seen[key] += 1
        times[(key, i)].append(float(t[2]))
    out = collections.defaultdict(dict)
    for (key, i), v in times.items():
        out[key[0]][cfgs[key][i]] = (sorted(v)[len(v) // 2], regs.get((key[0], cfgs[key][i])))
    return out
if __name__ == '__main__':
    data = collections.defaultdict(dict)
    for log, force in [('call1/forceG2.log', 'call1/forceG2.txt'), ('call2/forceG3.log', 'call2/forceG3.txt'),
                       ('call1/forceJ.log', 'call1/forceJ.txt'), ('call2/forceJ3.log', 'call2/forceJ3.txt')]:
        for s, d in load(log, force).items(): data[s].update(d)
    ok = tot = 0; picks = []
    for s, d in data.items():
        items = [(c, t, r) for c, (t, r) in d.items() if 'st=' in c]
        for (c1, t1, r1), (c2, t2, r2) in itertools.combinations(items, 2):
            if abs(t1 / t2 - 1) < 0.03: continue
            tot += 1; ok += (cost(s, parse_cfg(c1), r1) < cost(s, parse_cfg(c2), r2)) == (t1 < t2)
        best = min(t for c, t, r in items)
        mp = min(items, key=lambda x: cost(s, parse_cfg(x[0]), x[2]))
        picks.append(mp[1] / best)
    print(f"pairs ordered {ok}/{tot}; model pick / best timed: geomean {math.exp(sum(map(math.log, picks)) / len(picks)):.3f}, worst {max(picks):.2f}, n={len(picks)}")
