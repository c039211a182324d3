# Shared helpers of the draws: the dispatch decision (/tmp/dcC, bench/offline/dispatch_check.cpp)
# and the registers and spills of a config (build/tailor-gen --compile).
import subprocess, re
def dc(s, dt='f32'):
    return subprocess.run(['/tmp/dcC'], input=f"{s} {dt}\n", capture_output=True, text=True).stdout.split()
def comp(s, c, dt='f32'):
    o = subprocess.run(['/work/main/build/tailor-gen', '--shape', s, '--dtype', dt, '--config', c, '--compile', '-q'],
                       capture_output=True, text=True, stdin=subprocess.DEVNULL)
    o = o.stdout + o.stderr
    rg = re.search(r"registers\s+(\d+)", o); sp = re.search(r"spills\s+(\d+)", o)
    return (int(rg.group(1)), int(sp.group(1))) if rg else o.strip().split('\n')[-1][:150]
r8 = lambda x: (x + 7) // 8 * 8
def tiled(t, bm, bn, bk=8, rm=8, rn=8, minb=1, st=4, grid=0):
    return f"tiled,t={t},minb={minb},bm={bm},bn={bn},bk={bk},vec=4,rm={rm},rn={rn},grid={grid},st={st}"
def with_minb(c, m):
    return re.sub(r"minb=\d+", f"minb={m}", c)
def fill(threads):  # CTAs an SM at a cap of 128 registers: 16 warps' worth
    w = (threads + 31) // 32
    return max(1, min(16 // w, 2048 // threads))
def force_lines(s, cs, no_spills=False):
    """The force-file lines of shape s for the configs cs that compile (once each), with
    ptxas's registers and spills; configs that do not compile (or spill, if asked) are dropped."""
    lines, seen = [], []
    for c in cs:
        if c in seen: continue
        r = comp(s, c)
        if not isinstance(r, tuple) or (no_spills and r[1] > 0): print('  bad', s, c, r); continue
        seen.append(c); lines.append(f"{s} f32 {c}  # regs {r[0]} spill {r[1]}")
    return lines
