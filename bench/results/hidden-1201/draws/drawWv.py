# Validation of the wide-N short-K rule (no 64-wide tiles, 96-wide at 0.9 of their cost, N past
# 128 and K under 160): fresh f32 shapes with a side of 129-SIDE and the other of 48-SIDE
# (K 1-SIDE) whose dispatch decision moves (old: /tmp/dcNew, the build of 12cce81; new:
# /tmp/dcNew2). drawWv.py SEED N TAG SIDE
import random, subprocess, sys
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
side = int(sys.argv[4]) if len(sys.argv) > 4 else 320
k_lo = 1 if len(sys.argv) > 4 else 8
random.seed(seed)
def dc(binary, s):
    return subprocess.run([binary], input=f"{s} f32\n", capture_output=True, text=True).stdout.split()
lines = []; tries = 0; same = 0
while len(lines) < n_want:
    tries += 1
    big = random.randint(129, side); other = random.randint(48, side)
    m, nn = (big, other) if random.random() < 0.5 else (other, big)
    k = random.choice([random.randint(k_lo, 64), random.randint(65, side)])
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    o, n = dc('/tmp/dcNew', s), dc('/tmp/dcNew2', s)
    if o[-1] == n[-1]: same += 1; continue
    lines.append(f"{b} {m} {k} {nn} f32")
    print(s, o[-2], o[-1][35:90], '->', n[-2], n[-1][35:90])
print('draws', tries, 'unchanged', same)
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(lines) + "\n")
