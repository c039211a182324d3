# Problems whose pick the cost model's guard (gen::guard_pick) replaces: maps drawn with
# drawMap.py (seeds 11, 12, 13, 200 problems each) and the two cliffs of map 5202, kept where
# /tmp/dcNew (before: 5a0257a) and /tmp/dcG (after) differ. Force file: the pick before, the
# guard's pick, and the cost model's two best candidates (tailor-gen --candidates).
#   python3 drawG1.py -> /work/main/.carry/s/forceG1.txt, dispG1.txt
import subprocess
def run(b, line): return subprocess.run([b], input=line + "\n", capture_output=True, text=True).stdout
lines = []
for seed in (11, 12, 13):
    out = subprocess.run(['python3', 'drawMap.py', str(seed), '200'], capture_output=True, text=True).stdout
    lines += [l.split() for l in out.splitlines()]
lines += [['33967', '88', '50', '4', 'f64', 'bcastA'], ['2455', '46', '230', '17', 'f32']]
force, disp = [], []
for f in lines:
    s, dt, flag = f"{f[0]}x{f[1]}x{f[2]}x{f[3]}", f[4], (f[5] if len(f) > 5 else '')
    o, x = run('/tmp/dcNew', f"{s} {dt} {flag}").split()[-1], run('/tmp/dcG', f"{s} {dt} {flag}").split()[-1]
    if o == x: continue
    bc = ['--bcast', flag[-1]] if flag else []
    cands = [l.split()[-1] for l in subprocess.run(['/work/main/build/tailor-gen', '--shape', s, '--dtype', dt, *bc, '--candidates', '3'],
                                                    capture_output=True, text=True).stdout.splitlines() if not l.startswith('#')]
    seen = set()
    for c in [o, x] + cands[1:3]:
        if c not in seen: seen.add(c); force.append(f"{s} {dt} {flag or '-'} {c}")
    disp.append(" ".join(f))
    print(s, dt, flag, o, '->', x, flush=True)
open('/work/main/.carry/s/forceG1.txt', 'w').write("\n".join(force) + "\n")
open('/work/main/.carry/s/dispG1.txt', 'w').write("\n".join(disp) + "\n")
