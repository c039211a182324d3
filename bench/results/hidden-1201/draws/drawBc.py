# Family Bc: one operand shared by the batch (bcastA / bcastB), M and N log-uniform over
# 1-96, K over 1-128, f32 or f64, batches of about 150 MB; kept where dispatch's decision
# moves between the build before broadcast slabs took bulk copies and C staged (/tmp/dcOld366)
# and after (/tmp/dcNew). Forced configs: the old pick, the new pick, the new pick without cs.
#   python3 drawBc.py SEED N TAG -> /work/main/.carry/forceTAG.txt (shape dtype flag config)
import random, sys, math, subprocess, re
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed)
lu = lambda hi: int(round(math.exp(random.uniform(0, math.log(hi)))))
def dc(binary, s, dt, flag):
    return subprocess.run([binary], input=f"{s} {dt} {flag}\n", capture_output=True, text=True).stdout.split()[-1]
def comp(s, dt, flag, c):
    o = subprocess.run(['/work/main/build/tailor-gen', '--shape', s, '--dtype', dt, '--bcast', flag[-1], '--config', c,
                        '--compile', '-q'], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    o = o.stdout + o.stderr
    rg = re.search(r"registers\s+(\d+)", o); sp = re.search(r"spills\s+(\d+)", o)
    return (int(rg.group(1)), int(sp.group(1))) if rg else o.strip().split('\n')[-1][:150]
out, shapes, tries = [], [], 0
while len(shapes) < n_want:
    tries += 1
    m, k, n = lu(96), lu(128), lu(96); dt = random.choice(['f32', 'f64']); es = 4 if dt == 'f32' else 8
    flag = random.choice(['bcastA', 'bcastB'])
    per = (0 if flag == 'bcastA' else m * k) + (0 if flag == 'bcastB' else k * n) + m * n
    b = max(1, int(150e6 / (per * es)))
    s = f"{b}x{m}x{k}x{n}"
    o, x = dc('/tmp/dcOld366', s, dt, flag), dc('/tmp/dcNew', s, dt, flag)
    if o == x: continue
    lines = []
    for c in dict.fromkeys([o, x, x.replace(',cs=1', '')]):
        r = comp(s, dt, flag, c)
        if not isinstance(r, tuple): print('  bad', s, c, r); continue
        lines.append(f"{s} {dt} {flag} {c}  # regs {r[0]} spill {r[1]}")
    out += lines; shapes.append(f"{b} {m} {k} {n} {dt} {flag}")
    print(len(shapes), s, dt, flag, o, '->', x, [l.split('#')[1] for l in lines], flush=True)
print('tries', tries)
open(f'/work/main/.carry/force{tag}.txt', 'w').write("\n".join(out) + "\n")
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(shapes) + "\n")
