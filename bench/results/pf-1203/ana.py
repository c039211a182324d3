# Pairs the variants of ab.log: per problem, each variant's time (mean of its rounds) over base's.
import re, sys, collections, math
t = collections.defaultdict(lambda: collections.defaultdict(list))
v = None
for line in open(sys.argv[1] if len(sys.argv) > 1 else "ab.log"):
    m = re.match(r"=== (\S+)", line)
    if m: v = m.group(1); continue
    f = line.split()
    if len(f) > 3 and re.match(r"\d+x", f[0]): t[f[0] + " " + f[1]][v].append(float(f[2]))
vs = ["base", "cg", "cg128", "cg256"]
print(f"{'problem':26}" + "".join(f"{x:>16}" for x in vs))
g = collections.defaultdict(list)
for p, d in t.items():
    b = sum(d["base"]) / len(d["base"])
    row = f"{p:26}"
    for x in vs:
        a = sum(d[x]) / len(d[x]); r = b / a; g[x].append(math.log(r))
        row += f"  {a*1000:7.1f} {r:6.3f}x"
    print(row)
print("geomean speedup over base: " + ", ".join(f"{x} {math.exp(sum(g[x])/len(g[x])):.3f}" for x in vs))
