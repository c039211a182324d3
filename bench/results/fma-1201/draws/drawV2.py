# Validation of the split of the one-tile f32 family (both sides 90-120, past the slab's
# 100 KB): fresh shapes whose dispatch decision the change moves (old: /tmp/dcOld, the build of
# 909a424; new: /tmp/dcC), as a suite file for both builds and the peers.
import random, subprocess, sys
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed)
def dc(binary, s):
    return subprocess.run([binary], input=f"{s} f32\n", capture_output=True, text=True).stdout.split()
lines = []; tries = 0
while len(lines) < n_want:
    tries += 1
    m = random.randint(90, 120); nn = random.randint(90, 120); k = random.randint(60, 250)
    if (m * k + k * nn) * 4 <= 100 * 1024: continue
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    o, n = dc('/tmp/dcOld', s), dc('/tmp/dcC', s)
    if o[-1] == n[-1]: continue
    lines.append(f"{b} {m} {k} {nn} f32")
    print(s, o[-2], o[-1][:60], '->', n[-2], n[-1][:60])
print('draws', tries)
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(lines) + "\n")
