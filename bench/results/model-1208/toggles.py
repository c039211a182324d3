# The experiment build: applied to generator/search_space.cpp of main (4b09804), it reads
# TM_REGS, TM_GRID, TM_CS (with TM_CSMODE), TM_ST from the environment (never committed: the
# model reads no environment). Build tailor, link bench/offline/predict.cpp against it, then
# variants.sh.
import sys
f='generator/search_space.cpp'; s=open(f).read()
a="""}  // namespace

double useful_fraction("""
b="""double envd(const char* n, double d) { const char* v = std::getenv(n); return v ? std::atof(v) : d; }

double slab_store_sectors(const GemmProblem& p, const KernelConfig& c) {
  const bool row = p.layout_c == Layout::row;
  const std::int64_t tm = ceil_div(p.m, c.rm), tn = ceil_div(p.n, c.rn), units = c.mats * tm * tn;
  const std::int64_t esz = p.esize();
  const std::int64_t warps = ceil_div(units, 32), sampled = std::min<std::int64_t>(warps, 8);
  double sectors = 0;
  std::vector<std::int64_t> s;
  for (std::int64_t w = 0; w < sampled; ++w)
    for (int x = 0; x < c.rm; ++x)
      for (int y = 0; y < c.rn; ++y) {
        s.clear();
        for (std::int64_t u = w * 32; u < std::min(units, w * 32 + 32); ++u) {
          const std::int64_t b = u / (tm * tn), rem = u % (tm * tn);
          const std::int64_t ti = row ? rem / tn : rem % tm, tj = row ? rem % tn : rem / tm;
          const std::int64_t i = ti * c.rm + x, j = tj * c.rn + y;
          if (i >= p.m || j >= p.n) continue;
          const std::int64_t e = b * p.stride_c + (row ? i * p.ldc + j : j * p.ldc + i);
          s.push_back(e * esz / 32);
        }
        std::sort(s.begin(), s.end());
        sectors += static_cast<double>(std::unique(s.begin(), s.end()) - s.begin());
      }
  return sectors * static_cast<double>(warps) / static_cast<double>(sampled);
}

}  // namespace

double useful_fraction("""
assert a in s; s=s.replace(a,b,1)
a="  else if (c.family == Family::slab) regs = 32 + (c.rm * c.rn + 2.0 * (c.rm + c.rn) * std::min<double>(4, 16 / esz)) * w;\n"
b="""  else if (c.family == Family::slab) regs = std::getenv("TM_REGS") ? envd("TM_REGS", 40) + (1.3 * c.rm * c.rn + c.rm + c.rn) * w : 32 + (c.rm * c.rn + 2.0 * (c.rm + c.rn) * std::min<double>(4, 16 / esz)) * w;\n"""
assert a in s; s=s.replace(a,b)
a="""  resident = std::max(1.0, std::floor(resident));
"""
b="""  resident = std::max(1.0, std::floor(resident));
  if (std::getenv("TM_GRID") && c.grid > 0) resident = std::min<double>(resident, c.grid);
"""
assert a in s; s=s.replace(a,b)
a="""    if (!c.tma) staging_per_item = 2.0 * staged / 128.0;
"""
b=a+"""    double store_t = 0;
    if (std::getenv("TM_CS") && !c.mma) {
      const double cbytes = static_cast<double>(c.mats) * p.m * p.n * esz;
      const double w_sect = c.cs ? cbytes / 32.0 : slab_store_sectors(p, c);
      if (envd("TM_CSMODE", 0) == 0) l2_bytes = static_cast<double>(ceil_div(p.batch, c.mats)) * w_sect * 32.0 * envd("TM_CS", 1.0);
      else staging_per_item += w_sect * envd("TM_CS", 1.0);
    }
"""
assert a in s; s=s.replace(a,b)
a="""  const double inflight = resident * std::min(bytes_per_item, 64.0 * 1024) * 0.5;
"""
b="""  const double inflight = resident * std::min(bytes_per_item, 64.0 * 1024) * (std::getenv("TM_ST") && c.family == Family::slab && c.st == 2 ? envd("TM_ST", 1.0) : 0.5);
"""
assert a in s; s=s.replace(a,b)
open(f,'w').write(s)
