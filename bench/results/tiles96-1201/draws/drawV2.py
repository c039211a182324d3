# Validation of the padded-work tile rule: fresh f32 shapes with a side of 129-400 and the
# other of 48-400, K 1-400, whose dispatch decision the change moves (old: /tmp/dcC, the build of
# fb941b0; new: /tmp/dcN), as a suite file for both builds (bench/gpu_run.sh ab) and the peers.
import random, subprocess, sys
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed)
def dc(binary, s):
    return subprocess.run([binary], input=f"{s} f32\n", capture_output=True, text=True).stdout.split()
lines = []; tries = 0; same = 0
while len(lines) < n_want:
    tries += 1
    big = random.randint(129, 400); other = random.randint(48, 400)
    m, nn = (big, other) if random.random() < 0.5 else (other, big)
    k = random.choice([random.randint(1, 64), random.randint(65, 400)])
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    o, n = dc('/tmp/dcC', s), dc('/tmp/dcN', s)
    if o[-1] == n[-1]: same += 1; continue
    lines.append(f"{b} {m} {k} {nn} f32")
    print(s, o[-2], o[-1][35:90], '->', n[-2], n[-1][35:90])
print('draws', tries, 'unchanged', same)
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(lines) + "\n")
