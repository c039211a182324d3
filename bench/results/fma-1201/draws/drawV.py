# Validation of the rule for f32 outputs with a side past 128 and the other from 48: fresh
# shapes of that family whose dispatch decision the change moves (old: /tmp/dcOld, the build
# of 0dc5083; new: /tmp/dcC), as a suite file for both builds and the peers.
import random, subprocess, sys
seed, n_want, tag = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(seed)
def dc(binary, s):
    return subprocess.run([binary], input=f"{s} f32\n", capture_output=True, text=True).stdout.split()
lines = []; tries = 0
while len(lines) < n_want:
    tries += 1
    big = random.randint(129, 320); other = random.randint(48, 320)
    m, nn = (big, other) if random.random() < 0.5 else (other, big)
    k = random.choice([random.randint(8, 64), random.randint(65, 320)])
    b = max(1, int(300e6 / ((m * k + k * nn + m * nn) * 4)))
    s = f"{b}x{m}x{k}x{nn}"
    o, n = dc('/tmp/dcOld', s), dc('/tmp/dcC', s)
    if o[-1] == n[-1]: continue
    lines.append(f"{b} {m} {k} {nn} f32")
    print(s, o[-2], o[-1][:60], '->', n[-2], n[-1][:60])
print('draws', tries)
open(f'/work/main/.carry/disp{tag}.txt', 'w').write("\n".join(lines) + "\n")
