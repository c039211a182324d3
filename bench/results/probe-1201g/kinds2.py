#!/usr/bin/env python3
"""kinds2.py LIST LOG...: each tag's time against H per problem (configs in list order, two rounds averaged),
with the list's last field (fpb= or ab=)."""
import sys, collections, math
lst = [l.split() for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
groups = collections.OrderedDict()
for s, d, f, c, tag, note in lst: groups.setdefault((s, d, f), []).append((tag, c, note))
times = collections.defaultdict(list); pcts = collections.defaultdict(list)
for log in sys.argv[2:]:
    i = 0; last = None
    for l in open(log):
        w = l.split()
        if not w or w[0] in ("tailor:", "problem") or "GB/s" in l and w[0] == "#": continue
        if len(w) < 4 or not w[0][0].isdigit(): continue
        fl = w[2] if w[2] in ("bcastA", "bcastB") else "-"
        key = (w[0], w[1], fl)
        if key != last: i = 0; last = key
        t = float(w[3] if fl != "-" else w[2]); p = float([x for x in w if x.endswith("%")][0][:-1])
        if key in groups and i < len(groups[key]):
            times[(key, groups[key][i][0])].append(t); pcts[(key, groups[key][i][0])].append(p)
        i += 1
rows = []
for key, g in groups.items():
    avg = lambda tag: sum(times[(key, tag)]) / len(times[(key, tag)]) if times.get((key, tag)) else None
    pc = lambda tag: sum(pcts[(key, tag)]) / len(pcts[(key, tag)]) if pcts.get((key, tag)) else 0
    h = avg("H")
    rows.append((key, g[0][2], pc("H"), [(t, h / avg(t) if h and avg(t) else None, pc(t)) for t, _, _ in g[1:]]))
for key, note, hp, r in sorted(rows, key=lambda z: float(z[1].split("=")[1].rstrip("KB"))):
    print(f"{key[0]:>20} {key[1]} {key[2]:6} {note:10} H {hp:5.1f}%  " + "  ".join(f"{t} {x:5.2f}x ({p:5.1f}%)" if x else f"{t} -" for t, x, p in r))
