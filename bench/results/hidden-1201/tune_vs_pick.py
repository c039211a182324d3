# The tuner's winners (a tailor-tune log's table) beside dispatch's picks (dispatch_check output).
#   python3 tune_vs_pick.py tune.log picks.txt
import re, sys
picks = {}
for l in open(sys.argv[2]):
    f = l.split(); picks[f[0]] = (f[2], f[3])
for l in open(sys.argv[1]):
    f = l.split()
    if len(f) == 11 and re.match(r'\d+x\d+x\d+x\d+$', f[0]) and f[7].endswith('x'):
        k = re.sub(r'^tailor_f(32|64)_', '', f[2])
        print(f"{f[0]:18} {f[1]} heur {f[6]:>6} tuned {f[5]:>6} {f[7]:>6}  win {k:52} pick {picks[f[0]][1][:80]}")
