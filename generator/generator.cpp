// The code generator: validation of (problem, config, device), kernel names, the slab
// family's shared-memory padding (a bank-conflict model of the compute loop), the Spec
// of compile-time constants, launch shapes and the untuned heuristic.
#include "generator/generator.hpp"
#include "generator/search_space.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>
#include <unordered_map>

#include "tailor/error.hpp"
#include "tailor/version.hpp"

namespace tailor::gen {
namespace {

constexpr int kStaticSmemLimit = 48 * 1024;

GemmProblem norm(const GemmProblem& p) { return p.is_normalized() ? p : p.normalized(); }

// A thread-safe memo of answers by key text, emptied when it reaches `limit` entries.
template <class V>
class BoundedMemo {
 public:
  explicit BoundedMemo(std::size_t limit) : limit_(limit) {}
  std::optional<V> find(const std::string& key) {
    std::lock_guard<std::mutex> lock(mu_);
    if (auto it = map_.find(key); it != map_.end()) return it->second;
    return std::nullopt;
  }
  void put(const std::string& key, const V& value) {
    std::lock_guard<std::mutex> lock(mu_);
    if (map_.size() >= limit_) map_.clear();
    map_.emplace(key, value);
  }

 private:
  std::size_t limit_;
  std::mutex mu_;
  std::unordered_map<std::string, V> map_;
};

// Geometry of a staged slab operand: R rows of L contiguous elements.
struct OpGeom {
  std::int64_t rows, len;
  bool bcast;
};
OpGeom geom_a(const GemmProblem& p) {
  return p.layout_a == Layout::row ? OpGeom{p.m, p.k, p.bcast_a()} : OpGeom{p.k, p.m, p.bcast_a()};
}
OpGeom geom_b(const GemmProblem& p) {
  return p.layout_b == Layout::row ? OpGeom{p.k, p.n, p.bcast_b()} : OpGeom{p.n, p.k, p.bcast_b()};
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

// Largest power of two dividing n, at most cap.
int pow2_divisor(std::int64_t n, int cap) {
  int w = 1;
  while (w * 2 <= cap && n % (w * 2) == 0) w *= 2;
  return w;
}

// Whether each slab's runs of A and B (mats * M * K and mats * K * N elements) are whole
// 32-byte sectors, so that every slab's copies start on a sector boundary: where they are,
// the threads' cp.async beat the TMA unit's bulk copies on the H200, where they are not the
// bulk copies won (bench/NOTES.md, "Runs of whole sectors"). Shared operands were not timed.
bool sector_runs(const GemmProblem& p, const KernelConfig& c) {
  const std::int64_t esz = p.esize();
  return !p.bcast_a() && !p.bcast_b() && c.mats * p.m * p.k * esz % 32 == 0 && c.mats * p.k * p.n * esz % 32 == 0;
}

// Shared-memory elements of one staged operand, rounded to 16 bytes (as slab.cuh does).
std::int64_t slab_op_elems(const OpGeom& g, int mats, int rowpad, int matpad, std::int64_t esz) {
  const std::int64_t nmat = g.bcast ? 1 : mats;
  const std::int64_t matpitch = g.rows * (g.len + rowpad) + matpad;
  const std::int64_t align = 16 / esz;
  return ceil_div(nmat * matpitch, align) * align;
}

// Wavefronts of one warp-wide shared-memory read of `width` bytes per lane (4, 8 or 16),
// at element addresses `addr` of `esz`-byte elements: lanes are served 128 bytes at a
// time (32, 16 or 8 lanes a phase); within a phase, each of the 32 four-byte banks serves
// one distinct word per wavefront, and lanes reading the same word share it.
std::int64_t wavefronts(const std::array<std::int64_t, 32>& addr, int active, std::int64_t esz, std::int64_t width) {
  std::int64_t total = 0;
  const int group = static_cast<int>(128 / width);
  const std::int64_t words = width / 4;
  for (int h = 0; h < active; h += group) {
    std::array<std::array<std::int64_t, 128>, 32> seen;  // distinct words per bank
    std::array<int, 32> count{};
    int worst = 0;
    for (int l = h; l < std::min(active, h + group); ++l)
      for (std::int64_t w = 0; w < words; ++w) {
        const std::int64_t word = addr[l] * esz / 4 + w;
        const int bank = static_cast<int>(word % 32);
        bool dup = false;
        for (int i = 0; i < count[bank] && !dup; ++i) dup = seen[bank][i] == word;
        if (!dup) worst = std::max(worst, ++count[bank]), seen[bank][count[bank] - 1] = word;
      }
    total += worst;
  }
  return total;
}

// How the compute loop reads one operand: `rw` elements at a time, along the reduction
// dimension (p) or along the output dimension (i for A, j for B).
struct ReadPlan {
  bool along_p;
  int rw;
};

ReadPlan read_plan(const GemmProblem& p, const KernelConfig& c, char which) {
  const int cap = static_cast<int>(16 / p.esize());
  if (c.mma) {  // fragments: one element a lane (slab.cuh's mma_unit)
    const bool along_k = which == 'A' ? p.layout_a == Layout::row : p.layout_b == Layout::col;
    return {along_k, 1};
  }
  if (which == 'A') {
    if (p.layout_a == Layout::row) return {true, pow2_divisor(p.k, cap)};
    const bool vec = (c.rm == 2 || c.rm == 4) && c.rm <= cap && p.m % c.rm == 0;
    return {false, vec ? c.rm : 1};
  }
  if (p.layout_b == Layout::col) return {true, pow2_divisor(p.k, cap)};
  const bool vec = (c.rn == 2 || c.rn == 4) && c.rn <= cap && p.n % c.rn == 0;
  return {false, vec ? c.rn : 1};
}

// Elements of the reduction dimension each step of the compute loop covers.
int p_step(const ReadPlan& a, const ReadPlan& b) {
  return std::max(a.along_p ? a.rw : 1, b.along_p ? b.rw : 1);
}

// The compute loop's shared-memory reads of one operand ('A' or 'B') for the first warps
// of a slab, with the given padding: the instructions slab.cuh issues, lane by lane.
std::int64_t operand_wavefronts_uncached(const GemmProblem& p, const KernelConfig& c, char which, int rowpad,
                                         int matpad);

// The same, memoised: the search space weighs thousands of slab configs, most of which
// differ only in knobs these reads do not depend on (CTAs per SM, bulk copies, staging,
// vector width), and the simulation is ~0.1 ms a call (9 s of tailor-tune's budget for
// 4000x60x40x64 f32 with B shared before this memo). Bounded.
std::int64_t operand_wavefronts(const GemmProblem& p, const KernelConfig& c, char which, int rowpad, int matpad) {
  GemmProblem key_p = p;
  key_p.batch = 1, key_p.alpha_kind = ScalarKind::one, key_p.beta_kind = ScalarKind::zero;
  const std::string key = fmt::format("{}|{},{},{},{},{},{}|{}{},{}", key_p.to_string(), c.rm, c.rn, c.mma, c.ks,
                                      c.mats, c.threads, which, rowpad, matpad);
  static BoundedMemo<std::int64_t> memo(200000);
  if (auto hit = memo.find(key)) return *hit;
  const std::int64_t cost = operand_wavefronts_uncached(p, c, which, rowpad, matpad);
  memo.put(key, cost);
  return cost;
}

std::int64_t operand_wavefronts_uncached(const GemmProblem& p, const KernelConfig& c, char which, int rowpad,
                                         int matpad) {
  const OpGeom g = which == 'A' ? geom_a(p) : geom_b(p);
  const ReadPlan rp = read_plan(p, c, which), other = read_plan(p, c, which == 'A' ? 'B' : 'A');
  const int step = which == 'A' ? p_step(rp, other) : p_step(other, rp);
  const std::int64_t tm = ceil_div(p.m, c.rm), tn = ceil_div(p.n, c.rn), units = tm * tn;
  const int ks = std::max(1, c.ks);
  const std::int64_t chunk = ks == 1 ? p.k : ceil_div(p.k, ks * step) * step;  // reduction per lane
  const std::int64_t active_units = std::min<std::int64_t>(c.mats * units * ks, c.threads);  // active lanes
  const std::int64_t pitch = g.len + rowpad, matpitch = g.rows * pitch + matpad;
  const int reps = which == 'A' ? c.rm : c.rn;
  const std::int64_t out_dim = which == 'A' ? p.m : p.n;
  const std::int64_t esz = p.esize();
  std::int64_t cost = 0;
  for (std::int64_t w0 = 0; w0 < std::min<std::int64_t>(active_units, 4 * 32); w0 += 32) {
    const int active = static_cast<int>(std::min<std::int64_t>(32, active_units - w0));
    std::array<std::int64_t, 32> mat{}, first{}, koff{};  // per lane: slab matrix, first output, first k
    for (int l = 0; l < active; ++l) {
      const std::int64_t u = (w0 + l) / ks, b = u / units, rem = u % units;
      koff[l] = ((w0 + l) % ks) * chunk;
      std::int64_t ti, tj;
      if (p.layout_c == Layout::row) ti = rem / tn, tj = rem % tn;
      else tj = rem / tm, ti = rem % tm;
      mat[l] = g.bcast ? 0 : b;
      first[l] = which == 'A' ? ti * c.rm : tj * c.rn;
    }
    // at(b, r, c) of this operand, with (out, k) mapped to (row, column) by its layout.
    auto at = [&](int l, std::int64_t out, std::int64_t k) {
      k = std::min(k + koff[l], p.k - 1);
      return rp.along_p ? mat[l] * matpitch + out * pitch + k : mat[l] * matpitch + k * pitch + out;
    };
    // Every lane's address moves by the same amount from one step of p0 to the next, which
    // maps each bank onto another and leaves the wavefronts as they were, until a lane's
    // reduction index is clamped at K - 1: so the unclamped steps cost what the first did.
    std::int64_t max_koff = 0;
    for (int l = 0; l < active; ++l) max_koff = std::max(max_koff, koff[l]);
    std::int64_t unclamped = -1;  // the cost of an unclamped step, once known
    for (std::int64_t p0 = 0; p0 < std::min<std::int64_t>(chunk, 64); p0 += step) {
      const bool clamped = p0 + step - 1 + max_koff > p.k - 1;
      if (!clamped && unclamped >= 0) {
        cost += unclamped;
        continue;
      }
      const std::int64_t before = cost;
      std::array<std::int64_t, 32> addr{};
      if (rp.along_p) {
        for (int x = 0; x < reps; ++x)
          for (int q0 = 0; q0 < step; q0 += rp.rw) {
            for (int l = 0; l < active; ++l) addr[l] = at(l, std::min(first[l] + x, out_dim - 1), p0 + q0);
            cost += wavefronts(addr, active, esz, rp.rw * esz);
          }
      } else {
        for (int q = 0; q < step; ++q) {
          if (rp.rw > 1) {
            for (int l = 0; l < active; ++l) addr[l] = at(l, first[l], p0 + q);
            cost += wavefronts(addr, active, esz, rp.rw * esz);
          } else {
            for (int x = 0; x < reps; ++x) {
              for (int l = 0; l < active; ++l) addr[l] = at(l, std::min(first[l] + x, out_dim - 1), p0 + q);
              cost += wavefronts(addr, active, esz, esz);
            }
          }
        }
      }
      if (!clamped) unclamped = cost - before;
    }
  }
  return cost;
}

// Padding granularity of an operand (elements): multiples keep its vector reads and its
// vector stores aligned; 0 when only the flat layout keeps vector stores possible.
int pad_granule(const GemmProblem& p, const KernelConfig& c, char which) {
  const OpGeom g = which == 'A' ? geom_a(p) : geom_b(p);
  const ReadPlan rp = read_plan(p, c, which);
  if (c.vec > 1 && g.len % c.vec != 0) return 0;
  return std::max(rp.rw, c.vec);
}

// Wavefronts of the first read of a broadcast operand by the first warp of a slab (one k
// step, the first element of each lane's micro-tile), at the least of the row paddings
// best_pads weighs, over the wavefronts the same read would take with every lane on its own
// bank: how many times over a conflicted layout replays the operand's reads (1 or less: none).
// Every matrix of the slab reads the same broadcast matrix, so the distinct addresses are the
// micro-tiles of one matrix, whose spacing (rm rows of A, rn columns of B) decides the banks.
double bcast_read_replays(const GemmProblem& p, const KernelConfig& c, char which) {
  const OpGeom g = which == 'A' ? geom_a(p) : geom_b(p);
  const ReadPlan rp = read_plan(p, c, which);
  const std::int64_t tm = ceil_div(p.m, c.rm), tn = ceil_div(p.n, c.rn), units = tm * tn;
  const int active = static_cast<int>(std::min<std::int64_t>({32, c.mats * units, c.threads}));
  const std::int64_t esz = p.esize();
  const int gran = pad_granule(p, c, which);
  double best = -1;
  for (int step = 0; step <= (gran == 0 ? 0 : 3); ++step) {
    const std::int64_t pitch = g.len + step * gran;
    std::array<std::int64_t, 32> addr{};
    for (int l = 0; l < active; ++l) {
      const std::int64_t rem = l % units;
      const std::int64_t ti = p.layout_c == Layout::row ? rem / tn : rem % tm;
      const std::int64_t tj = p.layout_c == Layout::row ? rem % tn : rem / tm;
      const std::int64_t out = which == 'A' ? ti * c.rm : tj * c.rn;
      addr[l] = rp.along_p ? out * pitch : out;  // k = 0: row `out`, or column `out` of row 0
    }
    const double w = static_cast<double>(wavefronts(addr, active, esz, rp.rw * esz));
    const double ideal = std::max<double>(1.0, std::ceil(active * rp.rw * esz / 128.0));
    if (best < 0 || w / ideal < best) best = w / ideal;
  }
  return best;
}

// The padding (row, matrix) of one operand with the fewest read wavefronts, then the
// least padding.
std::pair<int, int> best_pads(const GemmProblem& p, const KernelConfig& c, char which) {
  std::pair<int, int> best{0, 0};
  std::int64_t best_cost = -1;
  const OpGeom g = which == 'A' ? geom_a(p) : geom_b(p);
  const int gran = pad_granule(p, c, which);
  const int steps = gran == 0 ? 0 : 3;
  for (int rs = 0; rs <= (g.rows > 1 ? steps : 0); ++rs)
    for (int ms = 0; ms <= (!g.bcast && c.mats > 1 ? steps : 0); ++ms) {
      const std::int64_t cost = operand_wavefronts(p, c, which, rs * gran, ms * gran);
      if (best_cost < 0 || cost < best_cost) best_cost = cost, best = {rs * gran, ms * gran};
    }
  return best;
}

// The same memory as the slab family reads it best: an operand that is one row or one
// column is described along its long dimension (a K x 1 row-major B with ldb = 1 is the
// column-major K x 1 B with ldb = K), so that its reads run along the reduction.
GemmProblem slab_canonical(GemmProblem p) {
  if (p.m == 1 && p.k > 1 && p.layout_a == Layout::col && p.lda == 1) p.layout_a = Layout::row, p.lda = p.k;
  if (p.k == 1 && p.m > 1 && p.layout_a == Layout::row && p.lda == 1) p.layout_a = Layout::col, p.lda = p.m;
  if (p.n == 1 && p.k > 1 && p.layout_b == Layout::row && p.ldb == 1) p.layout_b = Layout::col, p.ldb = p.k;
  if (p.k == 1 && p.n > 1 && p.layout_b == Layout::col && p.ldb == 1) p.layout_b = Layout::row, p.ldb = p.n;
  if (p.n == 1 && p.m > 1 && p.layout_c == Layout::row && p.ldc == 1) p.layout_c = Layout::col, p.ldc = p.m;
  if (p.m == 1 && p.n > 1 && p.layout_c == Layout::col && p.ldc == 1) p.layout_c = Layout::row, p.ldc = p.n;
  return p;
}

// The tiled family's derived constants: register-tile read widths (16 bytes of elements
// at most), global vector widths per operand (up to the config's vec, where the
// operand's contiguous extent, leading dimension and batch stride allow), the
// shared-memory row padding, which operands the MMA path keeps in their global layout
// (contiguous along k: copied in vectors, not transposed), and the elements per vector
// store of C (row-major C whose pointers, N, ldc and batch stride allow it: an mma tile
// row's pair, or a register-tile column group of WB).
struct TiledPlan {
  int wa, wb, la, lb, pad_a, pad_b;
  bool a_nat = false, b_nat = false;
  int c_vw = 1;
};

TiledPlan tiled_plan(const GemmProblem& p, const KernelConfig& c) {
  const int cap = static_cast<int>(16 / p.esize());
  TiledPlan t{};
  // Register-tile read widths (FMA: fma_read_width, a side of 6 in 8-byte pairs).
  t.wa = c.mma ? std::min(c.rm, cap) : fma_read_width(c.rm, cap);
  t.wb = c.mma ? std::min(c.rn, cap) : fma_read_width(c.rn, cap);
  auto lv = [&](bool row, std::int64_t contig, std::int64_t tile_contig, std::int64_t ld, std::int64_t stride) {
    int v = std::max(1, c.vec);
    while (v > 1 && (contig % v || tile_contig % v || ld % v || stride % v)) v /= 2;
    (void)row;
    return v;
  };
  t.la = p.layout_a == Layout::row ? lv(true, p.k, c.bk, p.lda, p.stride_a) : lv(false, p.m, c.bm, p.lda, p.stride_a);
  t.lb = p.layout_b == Layout::row ? lv(true, p.n, c.bn, p.ldb, p.stride_b) : lv(false, p.k, c.bk, p.ldb, p.stride_b);
  t.pad_a = p.layout_a == Layout::row ? t.wa : 0;
  t.pad_b = p.layout_b == Layout::row ? 0 : t.wb;
  if (c.mma) {
    // Fragment reads (8 rows of 4 k, or 4 k of 8 columns) are conflict-free when a k-major
    // pitch is 4 mod 16 doubles, and when a k-contiguous pitch is 4 mod 8. With k8 a lane
    // reads k = 2t and 2t + 1: one 16-byte read of a k-contiguous row (conflict-free for a
    // quarter warp, rows g and g + 1, when the pitch is 8 mod 16), or two 8-byte reads of a
    // k-major operand (conflict-free for a half warp when the pitch is 2 mod 8).
    t.a_nat = p.layout_a == Layout::row;
    t.b_nat = p.layout_b == Layout::col;
    //
    // f32 operands (widened to f64 as they are read) are 4-byte reads, a whole warp a
    // wavefront: 8 rows g of 4 k t at g * pitch + t hit 32 distinct banks when the pitch is 4
    // mod 8; 4 k of 8 columns at t * pitch + g when it is 8 mod 16. With k8 a k-contiguous
    // row gives a lane one 8-byte read of k = 2t, 2t + 1 (conflict-free for a half warp, rows
    // g to g + 3, at a pitch of 8 mod 16), a k-major one two 4-byte reads (4 mod 8).
    auto pad = [&](bool nat, int len) {
      auto up = [&](int want, int mod) { return ((want - len) % mod + mod) % mod; };
      if (p.dtype == DType::f32) {
        if (c.k8) return nat ? up(8, 16) : up(4, 8);
        return nat ? up(4, 8) : up(8, 16);
      }
      if (c.k8) return nat ? up(8, 16) : up(2, 8);
      return nat ? up(4, 8) : up(4, 16);
    };
    t.pad_a = pad(t.a_nat, t.a_nat ? c.bk : c.bm);
    t.pad_b = pad(t.b_nat, t.b_nat ? c.bk : c.bn);
  }
  // A thread's vectors start at multiples of their width (pairs at 2t; groups at multiples
  // of WB): with these conditions every one is whole and aligned.
  const int vw = c.mma ? 2 : t.wb;
  if (p.layout_c == Layout::row && vw > 1 && c.vec >= vw && p.n % vw == 0 && p.ldc % vw == 0 && p.stride_c % vw == 0 &&
      c.bn % vw == 0)
    t.c_vw = vw;
  return t;
}

const char* scalar_letter(ScalarKind s, char general) {
  static const char letters[][2] = {"0", "1", "a", "b"};
  if (s == ScalarKind::zero) return letters[0];
  if (s == ScalarKind::one) return letters[1];
  return general == 'a' ? letters[2] : letters[3];
}

// Template text with its #include lines removed (the generator inlines fragments in order).
std::string inline_fragment(std::string_view name) {
  std::string out;
  std::string_view text = template_text(name);
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (line.rfind("#include", 0) != 0) {
      out.append(line);
      out.push_back('\n');
    }
    pos = end + 1;
  }
  return out;
}

std::string operand_spec(char x, Layout layout, std::int64_t ld, std::int64_t stride, bool packed, bool bcast) {
  return fmt::format(
      "  // {}: {}-major, leading dimension {}, batch stride {}{}\n"
      "  static constexpr bool {}_ROW = {}, {}_PACKED = {}, {}_BCAST = {};\n"
      "  static constexpr tailor::i64 {}_LD = {}, {}_STRIDE = {};\n",
      x, to_string(layout), ld, stride, bcast ? " (broadcast)" : packed ? " (packed)" : "", x,
      layout == Layout::row, x, packed, x, bcast, x, ld, x, stride);
}

// The slab's MMA fragment slots (slab.cuh's mma_unit): an operand's 16 rows (A) or
// columns (B) of a block go to 16 slots. With `s_slot` elements between consecutive rows
// (columns) and `s_k` between consecutive k, lane (g, t) reads slot g + 8h (A) or 8h + g (B)
// at k = t. f64: each half warp reads four slots (0-3, 4-7, 8-11, 12-15), and is free of
// bank conflicts when its 16 doubles fall in 16 distinct 8-byte bank pairs (addresses mod
// 16). f32 (`esize` 4): the whole warp reads eight slots (0-7, 8-15) in one wavefront when
// its 32 floats fall in 32 distinct banks (addresses mod 32). Searches for slots that make
// every group conflict-free; nullopt when none exist (a pitch that is a multiple of 8, or
// an odd one in f32, say).
std::optional<std::uint64_t> search_mma_perm(std::int64_t s_slot, std::int64_t s_k, std::int64_t esize) {
  const int mod = esize == 4 ? 32 : 16, group = esize == 4 ? 8 : 4;
  auto pos = [mod](std::int64_t v) { return static_cast<int>(((v % mod) + mod) % mod); };
  std::array<int, 16> slots{};
  std::array<std::uint32_t, 4> group_banks{};  // banks (bank pairs) taken in each group
  std::uint32_t used = 0;                      // row offsets assigned
  constexpr std::uint32_t kClash = 0xffffffffu;
  auto banks_of = [&](int off) {
    std::uint32_t m = 0;
    for (int t = 0; t < 4; ++t) {
      const int b = pos(off * s_slot + t * s_k);
      if (m & (1u << b)) return kClash;  // the lane's own four k collide
      m |= 1u << b;
    }
    return m;
  };
  std::function<bool(int)> place = [&](int s) -> bool {
    if (s == 16) return true;
    const int q = s / group;
    const int from = s % group == 0 ? 0 : slots[s - 1] + 1;  // ascending within a group
    for (int off = from; off < 16; ++off) {
      if (used & (1u << off)) continue;
      const std::uint32_t m = banks_of(off);
      if (m == kClash || (group_banks[q] & m)) continue;
      used |= 1u << off, group_banks[q] |= m, slots[s] = off;
      if (place(s + 1)) return true;
      used &= ~(1u << off), group_banks[q] &= ~m;
    }
    return false;
  };
  if (!place(0)) return std::nullopt;
  std::uint64_t perm = 0;
  for (int i = 0; i < 16; ++i) perm |= static_cast<std::uint64_t>(slots[i]) << (4 * i);
  return perm;
}

constexpr std::uint64_t kIdentityPerm = 0xfedcba9876543210ull;

// Element distances (between slots, between k) of an operand's fragment reads in the
// slab with row pitch `pitch`: A row-major reads rows (pitch apart) along k (1 apart).
std::pair<std::int64_t, std::int64_t> mma_strides(const GemmProblem& p, char which, std::int64_t pitch) {
  if (which == 'A') return p.layout_a == Layout::row ? std::pair{pitch, std::int64_t{1}} : std::pair{std::int64_t{1}, pitch};
  return p.layout_b == Layout::row ? std::pair{std::int64_t{1}, pitch} : std::pair{pitch, std::int64_t{1}};
}

}  // namespace

std::optional<std::uint64_t> mma_perm(const GemmProblem& problem, const KernelConfig& config, char which) {
  const GemmProblem p = slab_canonical(norm(problem));
  const SlabPads pads = slab_pads(p, config);
  const OpGeom g = which == 'A' ? geom_a(p) : geom_b(p);
  const auto [s_slot, s_k] = mma_strides(p, which, g.len + (which == 'A' ? pads.a_row : pads.b_row));
  return search_mma_perm(s_slot, s_k, p.esize());
}

std::string shape_key(const GemmProblem& problem) {
  std::string s = norm(problem).to_string();
  const std::size_t sp = s.find(' '), x = s.find('x', sp);
  if (sp == std::string::npos || x == std::string::npos) return s;  // (to_string always has both)
  return s.substr(0, sp + 1) + "*" + s.substr(x);
}

int alignment_of(const void* p) {
  const auto v = reinterpret_cast<std::uintptr_t>(p);
  if (v == 0) return 16;
  const std::uintptr_t low = v & (~v + 1);
  return static_cast<int>(std::min<std::uintptr_t>(low, 16));
}

SlabPads slab_pads(const GemmProblem& problem, const KernelConfig& config) {
  const GemmProblem p = slab_canonical(norm(problem));
  // The search is a few milliseconds; the autotuner and the generator ask for the same
  // (shape, config) many times, so answers are memoised (bounded; knobs that do not change
  // the layout are left out of the key).
  KernelConfig key_cfg = config;
  key_cfg.minb = 1, key_cfg.grid = 0, key_cfg.st = 0, key_cfg.cs = 0;
  GemmProblem key_p = p;
  key_p.batch = 1, key_p.alpha_kind = ScalarKind::one, key_p.beta_kind = ScalarKind::zero;
  const std::string key = key_p.to_string() + "|" + key_cfg.to_string();
  static BoundedMemo<SlabPads> memo(100000);
  if (auto hit = memo.find(key)) return *hit;
  // tma = 1: bulk copies land each operand's slab as it lies in global memory (unpadded).
  // mma = 1: the least row padding (in the operand's granule) whose fragment reads can be
  // made conflict-free (search_mma_perm), none where no padding can.
  auto mma_pads = [&](char which) {
    const OpGeom g = which == 'A' ? geom_a(p) : geom_b(p);
    const int gran = std::max(1, config.vec);
    if ((!config.tma || g.bcast) && (config.vec == 1 || g.len % config.vec == 0))
      for (int r = 0; r <= 8; r += gran) {
        const auto [s_slot, s_k] = mma_strides(p, which, g.len + r);
        if (search_mma_perm(s_slot, s_k, p.esize())) return std::pair<int, int>{r, 0};
      }
    return std::pair<int, int>{0, 0};
  };
  auto pads_of = [&](char which, bool bulk) {
    if (config.mma) return mma_pads(which);
    return bulk ? std::pair<int, int>{0, 0} : best_pads(p, config, which);
  };
  auto [ar, am] = pads_of('A', config.tma && !p.bcast_a());
  auto [br, bm] = pads_of('B', config.tma && !p.bcast_b());
  const SlabPads pads{ar, am, br, bm};
  memo.put(key, pads);
  return pads;
}

double mma_slab_registers(int rm, int rn) { return 32 + 16.0 * rm * rn + 4.0 * (rm + rn); }

double register_cap(int threads, int minb) {
  return std::min(255.0, std::floor(65536.0 / (static_cast<double>(threads) * minb) / 8) * 8);
}

int ctas_per_sm(const DeviceInfo& d, int threads, int registers, std::int64_t smem) {
  if (threads < 1) return 0;
  const std::int64_t warps = ceil_div(threads, 32);
  const std::int64_t per_warp = ceil_div(std::int64_t(std::max(registers, 1)) * 32, 256) * 256;
  const std::int64_t smem_sm = d.smem_per_sm > 0 ? d.smem_per_sm : 228 * 1024;
  std::int64_t fit = std::min<std::int64_t>(d.regs_per_sm / (per_warp * warps), d.max_threads_per_sm / threads);
  if (smem > 0) fit = std::min(fit, smem_sm / smem);
  return static_cast<int>(std::clamp<std::int64_t>(fit, 0, 32));
}

bool slab_output(const GemmProblem& p) {
  return (p.m <= 128 && p.n <= 128) || (std::min(p.m, p.n) <= 16 && std::max(p.m, p.n) <= 2048 && p.m * p.n * p.esize() <= 32 * 1024);
}

bool fma_wide_output(const GemmProblem& problem) {
  const GemmProblem p = norm(problem);
  return p.dtype == DType::f32 && std::max(p.m, p.n) > 128 && std::min(p.m, p.n) >= 48;
}

std::int64_t slab_read_wavefronts(const GemmProblem& problem, const KernelConfig& config, const SlabPads& pads) {
  const GemmProblem p = slab_canonical(norm(problem));
  return operand_wavefronts(p, config, 'A', pads.a_row, pads.a_mat) +
         operand_wavefronts(p, config, 'B', pads.b_row, pads.b_mat);
}

std::int64_t smem_bytes(const GemmProblem& problem, const KernelConfig& c) {
  if (reshapes(c)) return smem_bytes(run_problem(problem, c), run_config(c));
  const GemmProblem p = norm(problem);
  const std::int64_t esz = p.esize();
  if (c.family == Family::slab) {
    const GemmProblem q = slab_canonical(p);
    const SlabPads pads = slab_pads(q, c);
    const std::int64_t buffers = c.st == 2 ? 2 : 1;  // st = 2: the next slab lands in a second buffer
    // Bulk-copied runs that are not whole 16-byte units land up to one unit in, and one
    // more unit of room is kept; in FMA slabs whose copies the TMA unit makes (tma = 1,
    // mma = 0: the operands and a staged C), runs that are not whole 128-byte lines land up
    // to a line in, where shared and global memory share their lines, and a line of room is
    // kept (slab.cuh's RUN_ALIGNED, CONGRUENT, C_ALIGNED and C_CONGRUENT).
    const std::int64_t unit = 16 / esz, line = 128 / esz;
    auto room = [&](bool bulk, bool lines, std::int64_t e) -> std::int64_t {
      if (!c.tma || !bulk) return 0;
      if (lines && (c.mats * e) % line != 0) return line;
      return (c.mats * e) % unit != 0 ? unit : 0;
    };
    const bool op_lines = c.tma == 1 && !c.mma;
    const std::int64_t op_a =
        slab_op_elems(geom_a(q), c.mats, pads.a_row, pads.a_mat, esz) + room(!q.bcast_a(), op_lines, q.m * q.k);
    const std::int64_t op_b =
        slab_op_elems(geom_b(q), c.mats, pads.b_row, pads.b_mat, esz) + room(!q.bcast_b(), op_lines, q.k * q.n);
    // cs = 1: the slab's C is staged over the operands, after the broadcast ones (kept for
    // every slab a CTA takes)
    const std::int64_t keep = (q.bcast_a() ? op_a : 0) + (q.bcast_b() ? op_b : 0);
    const std::int64_t staged =
        c.cs ? keep + ceil_div(static_cast<std::int64_t>(c.mats) * q.m * q.n, unit) * unit + room(true, op_lines, q.m * q.n) : 0;
    return buffers * std::max(op_a + op_b, staged) * esz;
  }
  const TiledPlan t = tiled_plan(p, c);
  const std::int64_t stages = c.st ? c.st : 2;
  const std::int64_t stage_a = t.a_nat ? c.bm * (c.bk + t.pad_a) : c.bk * (c.bm + t.pad_a);
  const std::int64_t stage_b = t.b_nat ? c.bn * (c.bk + t.pad_b) : c.bk * (c.bn + t.pad_b);
  const std::int64_t a = ceil_div(stages * stage_a * esz, 16) * 16;  // B starts 16-byte aligned
  return a + stages * stage_b * esz;
}

int fma_read_width(int side, int cap) {
  int w = 1;
  while (w * 2 <= cap && side % (w * 2) == 0) w *= 2;
  return w;
}

int slab_vec_width(const GemmProblem& problem, std::int64_t mats, int widest) {
  const GemmProblem p = norm(problem);
  int v = widest;
  while (v > 1 && ((p.packed_a() && (mats * p.m * p.k) % v) || (p.packed_b() && (mats * p.k * p.n) % v))) v /= 2;
  return v;
}

GemmProblem transposed(const GemmProblem& problem) {
  const GemmProblem p = norm(problem);
  auto flip = [](Layout l) { return l == Layout::row ? Layout::col : Layout::row; };
  GemmProblem q = p;
  q.m = p.n, q.n = p.m;
  q.layout_a = flip(p.layout_b), q.lda = p.ldb, q.stride_a = p.stride_b;
  q.layout_b = flip(p.layout_a), q.ldb = p.lda, q.stride_b = p.stride_a;
  q.layout_c = flip(p.layout_c), q.ldc = p.ldc, q.stride_c = p.stride_c;
  // A vector operand is the same memory in either layout: A and C are described row-major
  // where they can be (a column, or a row with unit spacing), as the stacked rows need them.
  auto rowwise = [](Layout& l, std::int64_t& ld, std::int64_t rows, std::int64_t cols) {
    if (l != Layout::col) return;
    if (cols == 1) l = Layout::row, ld = 1;
    else if (rows == 1 && ld == 1) l = Layout::row, ld = cols;
  };
  rowwise(q.layout_a, q.lda, q.m, q.k);
  rowwise(q.layout_c, q.ldc, q.m, q.n);
  return q.normalized();
}

std::optional<std::string> regroup_check(const GemmProblem& problem, std::int64_t rows) {
  const GemmProblem p = norm(problem);
  if (p.layout_a != Layout::row || p.layout_c != Layout::row)
    return std::string("rows: A and C must be row-major to regroup their rows (with A shared and B and C column-major, "
                       "the transpose's rows regroup: tr = 1)");
  if (p.batch > 1 && !p.bcast_b())
    return std::string("rows: B must be shared by the batch (batch stride 0) to regroup the batch's rows");
  if (p.batch > 1 && (p.stride_a != p.m * p.lda || p.stride_c != p.m * p.ldc))
    return fmt::format("rows: the batch strides of A and C ({}, {}) must be M x their leading dimensions ({}, {})",
                       p.stride_a, p.stride_c, p.m * p.lda, p.m * p.ldc);
  const std::int64_t total = p.batch * p.m;
  if (rows < 1 || rows > kMaxKernelDim || total % rows != 0 || rows == p.m)
    return fmt::format("rows = {} must divide the batch's {} rows (batch x M) and differ from M = {}", rows, total, p.m);
  return std::nullopt;
}

GemmProblem regroup(const GemmProblem& problem, std::int64_t rows) {
  const GemmProblem p = norm(problem);
  if (auto why = regroup_check(p, rows))
    throw Error(ErrorCode::invalid_config, fmt::format("problem {}: {}", p.to_string(), *why));
  GemmProblem q = p;
  q.batch = p.batch * p.m / rows;
  q.m = rows;
  q.stride_a = q.batch > 1 ? rows * p.lda : kAuto;
  q.stride_b = q.batch > 1 ? 0 : kAuto;
  q.stride_c = q.batch > 1 ? rows * p.ldc : kAuto;
  return q.normalized();
}

std::optional<std::string> cols_check(const GemmProblem& problem, std::int64_t group) {
  const GemmProblem p = norm(problem);
  if (p.batch < 2 || !p.bcast_a())
    return std::string("cols: A must be shared by a batch of two or more (batch stride 0) to set the batch's columns "
                       "side by side");
  if (p.layout_b != Layout::row || p.layout_c != Layout::row)
    return std::string("cols: B and C must be row-major (with B and C column-major, or N = 1, the transpose's rows "
                       "stack: tr = 1 with rows)");
  if (group < 2 || group > p.batch || group * p.n > kMaxKernelDim)
    return fmt::format("cols = {} must be in [2, batch = {}] with cols x N = {} at most {}", group, p.batch,
                       group * p.n, kMaxKernelDim);
  return std::nullopt;
}

GemmProblem column_groups(const GemmProblem& problem, std::int64_t group) {
  const GemmProblem p = norm(problem);
  if (auto why = cols_check(p, group))
    throw Error(ErrorCode::invalid_config, fmt::format("problem {}: {}", p.to_string(), *why));
  GemmProblem q = p;
  q.batch = ceil_div(p.batch, group);
  q.n = group * p.n;
  q.ldb = q.n, q.ldc = q.n;
  q.stride_a = q.batch > 1 ? 0 : kAuto;
  q.stride_b = q.batch > 1 ? p.k * q.n : kAuto;
  q.stride_c = q.batch > 1 ? p.m * q.n : kAuto;
  return q.normalized();
}

KernelConfig run_config(KernelConfig c) {
  c.rows = 0, c.tr = 0, c.cols = 0;
  return c;
}

bool reshapes(const KernelConfig& c) { return c.family != Family::cpu && (c.rows > 0 || c.tr || c.cols > 0); }

GemmProblem run_problem(const GemmProblem& problem, const KernelConfig& config) {
  if (config.family == Family::cpu) return norm(problem);
  if (config.cols > 0) return column_groups(problem, config.cols);
  const GemmProblem p = config.tr ? transposed(problem) : norm(problem);
  return config.rows > 0 ? regroup(p, config.rows) : p;
}

std::int64_t launch_batch(const GemmProblem& problem, const KernelConfig& config) {
  return config.family != Family::cpu && config.cols > 0 ? norm(problem).batch : run_problem(problem, config).batch;
}

std::optional<std::string> check(const GemmProblem& problem, const KernelConfig& c, const DeviceInfo& d,
                                 int align_bytes) {
  const GemmProblem p = norm(problem);
  if (c.family == Family::cpu) return check_cpu(p, c);
  if (c.rows < 0) return fmt::format("rows = {} must be 0 (the matrices as given) or positive", c.rows);
  if (c.tr != 0 && c.tr != 1) return fmt::format("tr = {} must be 0 (the problem as given) or 1 (its transpose)", c.tr);
  if (c.cols < 0) return fmt::format("cols = {} must be 0 (the matrices as given) or a group of 2 or more", c.cols);
  if (c.cols > 0) {
    if (c.family != Family::tiled) return std::string("cols belongs to the tiled family");
    if (c.rows > 0 || c.tr) return std::string("cols does not combine with rows or tr");
    if (auto why = cols_check(p, c.cols)) return *why;
  }
  if (reshapes(c)) {
    const GemmProblem q = c.tr ? transposed(p) : p;
    if (c.rows > 0)
      if (auto why = regroup_check(q, c.rows)) return c.tr ? "transposed: " + *why : *why;
    return check(run_problem(p, c), run_config(c), d, align_bytes);
  }
  const std::int64_t esz = p.esize();
  if (!kernel_sizes_fit(p)) return fmt::format("M, K and N must be at most {}", kMaxKernelDim);
  // Whole warps, except the FMA tiled family, whose tile may call for, say, 9 x 9 threads.
  const bool whole_warps = c.family != Family::tiled || c.mma;
  if (c.threads < 32 || c.threads > d.max_threads_per_block || (whole_warps && c.threads % 32 != 0))
    return fmt::format("threads = {} must be in [32, {}]{}", c.threads, d.max_threads_per_block,
                       whole_warps ? " and a multiple of 32" : "");
  const int max_outputs = esz == 4 ? 128 : 64;
  if (c.rm < 1 || c.rn < 1 || c.rm > 16 || c.rn > 16 || c.rm * c.rn > max_outputs)
    return fmt::format("micro-tile {}x{} must have sides in [1, 16] and at most {} outputs", c.rm, c.rn, max_outputs);
  if (c.grid < 0 || c.grid > 64) return fmt::format("grid = {} must be in [0, 64] CTAs per multiprocessor", c.grid);
  if (c.minb < 1 || c.minb * c.threads > d.max_threads_per_sm)
    return fmt::format("minb = {} CTAs of {} threads do not fit a multiprocessor ({} threads)", c.minb, c.threads,
                       d.max_threads_per_sm);
  if (align_bytes < esz) return fmt::format("pointers aligned to {} bytes, less than the {}-byte element", align_bytes, esz);
  if (c.family == Family::slab) {
    if (c.mats < 1 || c.mats > 65536) return fmt::format("mats = {} must be in [1, 65536]", c.mats);
    if (c.ks < 1 || c.ks > 32 || (c.ks & (c.ks - 1)) || c.threads % c.ks)
      return fmt::format("ks = {} must be a power of two <= 32 dividing threads = {}", c.ks, c.threads);
    if (c.vec != 1 && c.vec != 2 && c.vec != 4) return fmt::format("vec = {} must be 1, 2 or 4", c.vec);
    if (c.vec * esz > 16) return fmt::format("vec = {} of {} exceeds 16 bytes", c.vec, to_string(p.dtype));
    if (c.mma != 0 && c.mma != 1) return fmt::format("mma = {} must be 0 or 1", c.mma);
    if (c.mma) {
      // rm x rn: blocks of 16 rows by 16 columns a warp (slab.cuh's mma_unit).
      if (d.cc_major < 9)
        return fmt::format("slab: mma = 1 (mma.sync m16n8k4 on f64) needs compute capability 9.0 or newer, not {}",
                           d.arch());
      if (c.rm > ceil_div(p.m, 16) || c.rn > ceil_div(p.n, 16) || c.rm * c.rn > 8)
        return fmt::format("slab: mma = 1 takes rm x rn blocks of 16 x 16 outputs a warp, at most 8 and no more than "
                           "the {}x{} output has ({}x{}); not {}x{}",
                           p.m, p.n, ceil_div(p.m, 16), ceil_div(p.n, 16), c.rm, c.rn);
      if (c.ks != 1) return std::string("slab: mma = 1 needs ks = 1");
    } else if (c.rm > p.m || c.rn > p.n) {
      return fmt::format("micro-tile {}x{} exceeds the {}x{} output", c.rm, c.rn, p.m, p.n);
    }
    if (c.bm || c.bn || c.bk || c.ku || c.k8) return std::string("bm, bn, bk, ku, k8 belong to the tiled family");
    if (c.st != 0 && c.st != 2)
      return fmt::format("slab: st = {} must be 0 (one buffer) or 2 (two, the next slab fed by cp.async or, with "
                         "tma = 1, by bulk copies)", c.st);
    if (c.st == 2 && d.cc_major < 8)
      return fmt::format("slab: st = 2 (cp.async) needs compute capability 8.0 or newer, not {}", d.arch());
    if (c.st == 2 && c.grid == 0)
      return std::string("slab: st = 2 needs a persistent grid (grid > 0): each CTA fetches its next slab while it "
                         "computes the current one");
    if (c.cs != 0 && c.cs != 1) return fmt::format("slab: cs = {} must be 0 or 1", c.cs);
    if (c.cs) {
      if (!p.packed_c()) return std::string("slab: cs = 1 (C staged in shared memory) needs a packed C");
      if (c.ks != 1 || (c.st != 0 && c.tma == 0))
        return std::string("slab: cs = 1 needs ks = 1, and st = 0 unless tma = 1");
      if (c.mma) {
        const std::int64_t units =
            c.mats * ceil_div(ceil_div(p.m, 16), c.rm) * ceil_div(ceil_div(p.n, 16), c.rn);
        if (units > c.threads / 32)
          return fmt::format("slab: cs = 1 with mma = 1 needs one unit a warp at most: {} units, {} warps", units,
                             c.threads / 32);
      } else if (const std::int64_t units = c.mats * ceil_div(p.m, c.rm) * ceil_div(p.n, c.rn); units > c.threads) {
        return fmt::format("slab: cs = 1 needs one micro-tile a thread at most: {} micro-tiles, {} threads", units,
                           c.threads);
      }
    }
    if (c.tma < 0 || c.tma > 2)
      return fmt::format("slab: tma = {} must be 0, 1 (operands by bulk copies) or 2 (the same runs by the "
                         "threads' cp.async)", c.tma);
    if (c.tma == 2 && c.st == 2)
      return std::string("slab: tma = 2 (the threads copy the runs) takes one buffer (st = 0)");
    if (c.tma) {
      if (d.cc_major < 9)
        return fmt::format("slab: tma = {} ({}) needs compute capability 9.0 or newer, not {}", c.tma,
                           c.tma == 2 ? "the bulk layout and the bulk store of C" : "bulk copies", d.arch());
      if ((!p.packed_a() && !p.bcast_a()) || (!p.packed_b() && !p.bcast_b()))
        return fmt::format("slab: tma = {} needs each operand packed (matrices back to back) or broadcast", c.tma);
      // Slabs need not be whole 16-byte units: the copies take the aligned runs around them.
      if (align_bytes < 16)
        return fmt::format("slab: tma = {} needs 16-byte aligned pointers; they are aligned to {} bytes", c.tma,
                           align_bytes);
    }
    if (c.vec > 1) {
      if (align_bytes < c.vec * esz)
        return fmt::format("vec = {} needs {}-byte aligned pointers; they are aligned to {} bytes", c.vec,
                           c.vec * esz, align_bytes);
      const std::pair<bool, std::int64_t> ops[] = {{p.packed_a(), p.m * p.k}, {p.packed_b(), p.k * p.n}};
      for (auto [packed, e] : ops)
        if (packed && (c.mats * e) % c.vec != 0)
          return fmt::format("vec = {} needs mats * (matrix elements) divisible by it; mats = {}, matrix = {}",
                             c.vec, c.mats, e);
    }
    const std::int64_t smem = smem_bytes(p, c);
    if (smem + (c.tma ? 16 : 0) > d.smem_per_block_optin)  // tma: one or two mbarriers in static shared memory
      return fmt::format("the slab needs {} bytes of shared memory; the device allows {}", smem, d.smem_per_block_optin);
  } else {
    if (c.bm < 1 || c.bn < 1 || c.bk < 1 || c.bm > 256 || c.bn > 256 || c.bk > 64)
      return fmt::format("tile {}x{}x{} must have bm, bn in [1, 256] and bk in [1, 64]", c.bm, c.bn, c.bk);
    auto fma_side = [](int v) { return v == 1 || v == 2 || v == 4 || v == 6 || v == 8; };
    if (!c.mma && (!fma_side(c.rm) || !fma_side(c.rn)))
      return fmt::format("micro-tile {}x{} must have sides 1, 2, 4, 6 or 8", c.rm, c.rn);
    if (c.bm % c.rm != 0 || c.bn % c.rn != 0)
      return fmt::format("micro-tile {}x{} must divide the tile {}x{}", c.rm, c.rn, c.bm, c.bn);
    if (c.mma != 0 && c.mma != 1) return fmt::format("mma = {} must be 0 or 1", c.mma);
    if (c.st != 0 && (c.st < 3 || c.st > 6)) return fmt::format("st = {} must be 0 (register staging) or 3 to 6", c.st);
    if (c.ku != 0 && c.ku != 1) return fmt::format("ku = {} must be 0 or 1", c.ku);
    if (c.ku && !c.mma) return std::string("ku = 1 (one k step of fragments at a time) needs mma = 1");
    if (c.k8 != 0 && c.k8 != 1) return fmt::format("k8 = {} must be 0 or 1", c.k8);
    if (c.k8) {
      if (!c.mma) return std::string("k8 = 1 (mma.sync m16n8k8) needs mma = 1");
      if (d.cc_major < 9) return fmt::format("k8 = 1 (mma.sync m16n8k8 on f64) needs compute capability 9.0, not {}", d.arch());
      if (c.rm % 2 != 0) return fmt::format("k8 = 1 needs pairs of 8-row mma tiles: rm = {} is odd", c.rm);
      if (c.bk % 8 != 0) return fmt::format("k8 = 1 needs bk a multiple of 8, not {}", c.bk);
    }
    if (c.st && d.cc_major < 8) return fmt::format("st = {} (cp.async) needs compute capability 8.0 or newer, not {}", c.st, d.arch());
    if (c.mma) {
      if (d.cc_major < 8) return fmt::format("mma = 1 needs compute capability 8.0 or newer, not {}", d.arch());
      // f32 on the FP64 tensor cores pays for its widened operands only at m16n8k4's rate.
      if (p.dtype == DType::f32 && d.cc_major < 9)
        return fmt::format("mma = 1 on f32 (operands widened to f64) needs compute capability 9.0, not {}", d.arch());
      if (c.rm < 1 || c.rn < 1 || c.rm > 8 || c.rn > 8 || c.rm * c.rn > 32)
        return fmt::format("mma: a warp holds 1 to 8 mma tiles a side and at most 32, not {}x{}", c.rm, c.rn);
      if (c.bm % (8 * c.rm) != 0 || c.bn % (8 * c.rn) != 0)
        return fmt::format("mma: warp tiles {}x{} must divide the tile {}x{}", 8 * c.rm, 8 * c.rn, c.bm, c.bn);
      if (c.bk % 4 != 0) return fmt::format("mma: bk = {} must be a multiple of 4", c.bk);
      const int want = 32 * (c.bm / (8 * c.rm)) * (c.bn / (8 * c.rn));
      if (c.threads != want) return fmt::format("mma: threads = {} must equal 32 warps' lanes = {}", c.threads, want);
    } else if (c.threads != (c.bm / c.rm) * (c.bn / c.rn)) {
      return fmt::format("threads = {} must equal (bm/rm)*(bn/rn) = {}", c.threads, (c.bm / c.rm) * (c.bn / c.rn));
    }
    if (c.vec != 1 && c.vec != 2 && c.vec != 4) return fmt::format("vec = {} must be 1, 2 or 4", c.vec);
    if (c.vec * esz > 16) return fmt::format("vec = {} of {} exceeds 16 bytes", c.vec, to_string(p.dtype));
    if (c.vec > 1 && align_bytes < c.vec * esz)
      return fmt::format("vec = {} needs {}-byte aligned pointers; they are aligned to {} bytes", c.vec,
                         c.vec * esz, align_bytes);
    const TiledPlan t = tiled_plan(p, c);
    if ((c.bm * c.bk) % t.la != 0 || (c.bk * c.bn) % t.lb != 0)
      return std::string("the tile must hold whole vectors");
    if (c.mats || c.ks != 1 || c.cs || c.tma) return std::string("mats, ks, cs and tma belong to the slab family");
    const std::int64_t smem = smem_bytes(p, c);
    if (smem > d.smem_per_block_optin)
      return fmt::format("the tile needs {} bytes of shared memory; the device allows {}", smem, d.smem_per_block_optin);
  }
  return std::nullopt;
}

void validate(const GemmProblem& problem, const KernelConfig& config, const DeviceInfo& device, int align_bytes) {
  if (auto why = check(problem, config, device, align_bytes))
    throw Error(ErrorCode::invalid_config,
                fmt::format("config {} for problem {}: {}", config.to_string(), norm(problem).to_string(), *why));
}

std::string kernel_name_stem(const GemmProblem& problem, Family family) {
  const GemmProblem p = norm(problem);
  auto lay = [](Layout l) { return l == Layout::row ? 'r' : 'c'; };
  std::string name = fmt::format("tailor_{}_{}_m{}k{}n{}_{}{}{}_e{}{}", to_string(p.dtype), to_string(family), p.m, p.k,
                                 p.n, lay(p.layout_a), lay(p.layout_b), lay(p.layout_c),
                                 scalar_letter(p.alpha_kind, 'a'), scalar_letter(p.beta_kind, 'b'));
  if (p.bcast_a()) name += "_bA";
  if (p.bcast_b()) name += "_bB";
  return name;
}

std::string kernel_name_strides(const GemmProblem& problem) {
  // Leading dimensions and strides other than the tight ones change the code: hash them.
  const GemmProblem p = norm(problem);
  const bool plain_a = p.packed_a() || (p.bcast_a() && p.lda == (p.layout_a == Layout::row ? p.k : p.m));
  const bool plain_b = p.packed_b() || (p.bcast_b() && p.ldb == (p.layout_b == Layout::row ? p.n : p.k));
  if (plain_a && plain_b && p.packed_c()) return {};
  std::uint64_t h = 1469598103934665603ull;
  for (std::int64_t v : {p.lda, p.ldb, p.ldc, p.stride_a, p.stride_b, p.stride_c}) {
    h ^= static_cast<std::uint64_t>(v);
    h *= 1099511628211ull;
    h ^= h >> 29;
  }
  return fmt::format("_h{:08x}", static_cast<std::uint32_t>(h ^ (h >> 32)));
}

std::string kernel_name(const GemmProblem& problem, const KernelConfig& c) {
  // A regrouped batch runs the kernel of the regrouped problem, named for it; a transposed
  // problem's kernel takes the caller's A and B in their own order (marked _tr).
  if (c.family != Family::cpu && c.cols > 0)  // the group matrix's kernel, and the caller's strides
    return kernel_name(run_problem(problem, c), run_config(c)) + fmt::format("_c{}", c.cols) +
           kernel_name_strides(problem);
  if (reshapes(c)) return kernel_name(run_problem(problem, c), run_config(c)) + (c.tr ? "_tr" : "");
  std::string name = kernel_name_stem(problem, c.family);
  if (c.family == Family::slab)
    name += fmt::format("_t{}_T{}_v{}_r{}x{}{}{}{}{}{}", c.threads, c.mats, c.vec, c.rm, c.rn,
                        c.ks > 1 ? fmt::format("_k{}", c.ks) : std::string(), c.st ? fmt::format("_s{}", c.st) : std::string(),
                        c.cs ? "_cs" : "", c.tma == 2 ? "_tmt" : c.tma ? "_tma" : "", c.mma ? "_mma" : "");
  else name += fmt::format("_t{}_b{}x{}x{}_v{}_r{}x{}{}{}", c.threads, c.bm, c.bn, c.bk, c.vec, c.rm, c.rn, c.mma ? "_mma" : "",
                           c.st ? fmt::format("_s{}", c.st) : std::string());
  if (c.ku) name += "_ku";
  if (c.k8) name += "_k8";
  if (c.grid) name += fmt::format("_g{}", c.grid);
  if (c.minb > 1) name += fmt::format("_o{}", c.minb);
  return name + kernel_name_strides(problem);
}

namespace {
// KernelConfig::cols: the caller's matrices of ng columns, g to a group matrix, and the
// caller's leading dimensions and batch strides of B and C.
struct ColGroups {
  std::int64_t ng = 0, g = 1, ldb = 0, stride_b = 0, ldc = 0, stride_c = 0;
};
// The kernel of `problem` (rows, tr and cols already applied) with `c`; `swap_ab`: it is a
// transpose's, whose A is the caller's B (KernelConfig::tr), so the operands swap on entry;
// `cg`: its matrices are groups of the caller's (KernelConfig::cols), named `name`.
KernelSource generate_kernel(const GemmProblem& problem, const KernelConfig& c, bool swap_ab,
                             const ColGroups* cg = nullptr, const std::string& name = {});
}  // namespace

bool kernel_sizes_fit(const GemmProblem& problem) {
  return problem.m <= kMaxKernelDim && problem.k <= kMaxKernelDim && problem.n <= kMaxKernelDim;
}

void require_kernel_sizes(const GemmProblem& problem) {
  if (!kernel_sizes_fit(problem))
    throw Error(ErrorCode::invalid_shape,
                fmt::format("problem {}: M, K and N must be at most {} for a GPU kernel (it indexes within a "
                            "matrix with 32-bit ints)",
                            problem.to_string(), kMaxKernelDim));
}

KernelSource generate(const GemmProblem& problem, const KernelConfig& c) {
  if (c.family == Family::cpu)
    throw Error(ErrorCode::invalid_config, "a cpu-family config has no CUDA kernel: " + c.to_string());
  require_kernel_sizes(norm(problem));
  if (c.cols > 0) {
    const GemmProblem p = norm(problem);
    const ColGroups cg{p.n, c.cols, p.ldb, p.stride_b, p.ldc, p.stride_c};
    return generate_kernel(run_problem(p, c), run_config(c), false, &cg, kernel_name(p, c));
  }
  if (reshapes(c)) return generate_kernel(run_problem(problem, c), run_config(c), c.tr != 0);
  return generate_kernel(problem, c, false);
}

namespace {
KernelSource generate_kernel(const GemmProblem& problem, const KernelConfig& c, bool swap_ab, const ColGroups* cg,
                             const std::string& given_name) {
  const std::string name = cg ? given_name : kernel_name(norm(problem), c) + (swap_ab ? "_tr" : "");
  // The slab family describes vector operands along their long dimension (same memory).
  const GemmProblem p = c.family == Family::slab ? slab_canonical(norm(problem)) : norm(problem);
  const char* T = p.dtype == DType::f32 ? "float" : "double";
  auto kind = [](ScalarKind s) {
    return s == ScalarKind::zero ? "tailor::kZero" : s == ScalarKind::one ? "tailor::kOne" : "tailor::kGeneral";
  };
  std::string text = fmt::format(
      "// Generated by Tailor {}, generator v{}. Do not edit: regenerate with tailor-gen.\n"
      "// problem: {} (the batch size is a launch argument)\n"
      "// config:  {}\n"
      "// kernel:  {}\n{}\n",
      kVersion, kGeneratorVersion, shape_key(problem), c.to_string(), name,
      swap_ab ? "// the transpose of the caller's product: C^T = B^T A^T (its A is the caller's B)\n"
      : cg    ? fmt::format("// each matrix: the columns of {} of the caller's matrices (N = {}) side by side, one "
                            "shared A\n", cg->g, cg->ng)
              : std::string());
  text += inline_fragment("common.cuh");
  text += "\n";
  text += inline_fragment(c.family == Family::slab ? "slab.cuh" : "tiled.cuh");
  text += fmt::format(
      "\nstruct Spec {{\n"
      "  typedef {} T;\n"
      "  static constexpr int M = {}, K = {}, N = {};\n"
      "  static constexpr int ALPHA = {}, BETA = {};\n"
      "  static constexpr int THREADS = {}, RM = {}, RN = {};\n",
      T, p.m, p.k, p.n, kind(p.alpha_kind), kind(p.beta_kind), c.threads, c.rm, c.rn);
  text += operand_spec('A', p.layout_a, p.lda, p.stride_a, p.packed_a(), p.bcast_a());
  // Column groups: B and C at the caller's leading dimensions, a group matrix's batch
  // stride g of the caller's.
  const std::int64_t ldb = cg ? cg->ldb : p.ldb, stride_b = cg ? cg->g * cg->stride_b : p.stride_b;
  const std::int64_t ldc = cg ? cg->ldc : p.ldc, stride_c = cg ? cg->g * cg->stride_c : p.stride_c;
  text += operand_spec('B', p.layout_b, ldb, stride_b, p.packed_b(), p.bcast_b());
  text += fmt::format(
      "  // C: {}-major, leading dimension {}, batch stride {}\n"
      "  static constexpr bool C_ROW = {};\n"
      "  static constexpr tailor::i64 C_LD = {}, C_STRIDE = {};\n",
      to_string(p.layout_c), ldc, stride_c, p.layout_c == Layout::row, ldc, stride_c);
  std::string family;
  if (c.family == Family::slab) {
    const SlabPads pads = slab_pads(p, c);
    const ReadPlan ra = read_plan(p, c, 'A'), rb = read_plan(p, c, 'B');
    text += fmt::format(
        "  // slab: matrices per CTA, elements per vector load\n"
        "  static constexpr int MATS = {}, VEC = {};\n"
        "  // shared-memory padding (elements) chosen by the bank-conflict model\n"
        "  static constexpr int A_ROWPAD = {}, A_MATPAD = {}, B_ROWPAD = {}, B_MATPAD = {};\n"
        "  // compute-loop reads: elements per shared-memory load, along the reduction (P) or the output\n"
        "  static constexpr bool A_ALONG_P = {}, B_ALONG_P = {};\n"
        "  static constexpr int A_RW = {}, B_RW = {}, P = {};\n"
        "  // lanes splitting each micro-tile's reduction\n"
        "  static constexpr int KS = {};\n"
        "  // shared-memory buffers: 1, or 2 with the next slab fed by cp.async or bulk copies (persistent grid)\n"
        "  static constexpr int ST = {};\n"
        "  // C staged through shared memory and written as one run of vectors\n"
        "  static constexpr bool CS = {};\n"
        "  // packed operands (and a staged C with beta = 0) moved by bulk copies; with TMA_THREADS\n"
        "  // the operands' runs are copied by the threads' cp.async instead (C still by a bulk store)\n"
        "  static constexpr bool TMA = {}, TMA_THREADS = {};\n"
        "  // FP64 tensor cores, RM x RN blocks of 16 x 16 a warp; fragment slots of a block's rows\n"
        "  // (A) and columns (B), 4 bits each\n"
        "  static constexpr bool MMA = {};\n"
        "  static constexpr unsigned long long A_PERM = {:#018x}ull, B_PERM = {:#018x}ull;\n",
        c.mats, c.vec, pads.a_row, pads.a_mat, pads.b_row, pads.b_mat, ra.along_p, rb.along_p, ra.rw, rb.rw,
        p_step(ra, rb), c.ks, c.st == 2 ? 2 : 1, c.cs == 1, c.tma != 0, c.tma == 2, c.mma == 1,
        c.mma ? mma_perm(p, c, 'A').value_or(kIdentityPerm) : kIdentityPerm,
        c.mma ? mma_perm(p, c, 'B').value_or(kIdentityPerm) : kIdentityPerm);
    family = "Slab";
  } else {
    TiledPlan t = tiled_plan(p, c);
    // Column groups: vectors within one caller's matrix (widths dividing its N, ld and
    // stride); C staged through shared memory and written as each matrix's run of rows
    // (tiled.cuh, CS_COLS) where the tile holds whole matrices' columns, C's rows are N
    // apart, no persistent grid's next copies fill the stages during the epilogue, the C
    // tile fits (in the stages where those are dynamic, else in 48 KB of static memory),
    // and, in f64, C's rows take no pairs. On the H200 (2026-12-01, bench/NOTES.md, the
    // same configs with and without, 29 shapes of A shared and N of 2-16): f32 0.93-4.2x
    // (161637x104x12x2 343.8 -> 81.8 us, 52374x317x41x2 398 -> 148 us: a thread's 4-wide
    // column groups span two matrices of N = 2, so it stored single floats); f64 with odd N
    // 1.0-1.19x (28153x153x69x3 122 -> 103 us), with N even 0.86-1.0x (7211x279x46x8 67.6
    // -> 71.3 us: its pairs already fill 16-byte runs).
    bool cs_cols = false, b_runs = false;
    int cs_v = 1;
    if (cg) {
      while (t.lb > 1 && (cg->ng % t.lb || cg->ldb % t.lb || cg->stride_b % t.lb)) t.lb /= 2;
      if (cg->ng % t.c_vw || cg->ldc % t.c_vw || cg->stride_c % t.c_vw) t.c_vw = 1;
      const std::int64_t esz = p.esize(), stages = smem_bytes(p, c);
      const std::int64_t ctile = c.bm * (c.bn + (esz == 8 ? (24 - c.bn % 16) % 16 : 4)) * esz;
      b_runs = c.bn % cg->ng == 0 && cg->ldb == cg->ng;
      cs_cols = c.bn % cg->ng == 0 && cg->ldc == cg->ng && !(c.grid > 0 && c.st != 0) && (esz == 4 || t.c_vw == 1) &&
                (stages > kStaticSmemLimit ? ctile <= stages : ctile <= kStaticSmemLimit);
      for (int v = static_cast<int>(std::min<std::int64_t>(c.vec, 16 / esz)); v > 1 && cs_v == 1; v /= 2)
        if (cg->ng % v == 0 && cg->stride_c % v == 0) cs_v = v;
    }
    text += fmt::format(
        "  // tiled: CTA tile and K step; MMA: FP64 tensor cores, (8 RM) x (8 RN) outputs per warp\n"
        "  static constexpr int BM = {}, BN = {}, BK = {};\n"
        "  static constexpr bool MMA = {};\n"
        "  // register tile read as groups of WA rows / WB columns; global vectors of A_LV / B_LV elements\n"
        "  static constexpr int WA = {}, WB = {}, A_LV = {}, B_LV = {};\n"
        "  // shared-memory row padding (elements); operands kept in their global layout (MMA,\n"
        "  // contiguous along k); stages in dynamic shared memory when they exceed the 48 KB of\n"
        "  // static shared memory\n"
        "  static constexpr int A_PAD = {}, B_PAD = {};\n"
        "  static constexpr bool A_NAT = {}, B_NAT = {};\n"
        "  // C written in vectors of C_VW elements (row-major C, aligned)\n"
        "  static constexpr int C_VW = {};\n"
        "  static constexpr bool DYN_SMEM = {};\n"
        "  // shared-memory stages: 0 = two, fed through registers; 3+ = that many, fed by cp.async\n"
        "  static constexpr int STAGES = {};\n"
        "  // MMA: a chunk's k steps kept as a loop (one step's fragments in registers at a time)\n"
        "  static constexpr bool K_LOOP = {};\n"
        "  // persistent grid (a CTA walks several work items): with cp.async stages, the next\n"
        "  // item's first chunks are issued before this item's C is stored\n"
        "  static constexpr bool PERSISTENT = {};\n"
        "  // MMA on sm_90: mma.sync m16n8k8, lane t holding k = 2t and 2t + 1 of each 8-deep step\n"
        "  static constexpr bool K8 = {};\n",
        c.bm, c.bn, c.bk, c.mma == 1, t.wa, t.wb, t.la, t.lb, t.pad_a, t.pad_b, t.a_nat, t.b_nat, t.c_vw,
        smem_bytes(p, c) > kStaticSmemLimit,
        c.st, c.ku == 1, c.grid > 0, c.k8 == 1);
    text += fmt::format(
        "  // column groups: NG columns of each of G of the caller's matrices side by side (NG = 0:\n"
        "  // the matrices as given); the caller's batch strides of B and C\n"
        "  static constexpr int NG = {}, G = {};\n"
        "  static constexpr tailor::i64 B_GSTRIDE = {}, C_GSTRIDE = {};\n"
        "  // column groups: C staged in shared memory and written as each matrix's run of rows,\n"
        "  // CS_V elements a vector\n"
        "  static constexpr bool CS_COLS = {};\n"
        "  static constexpr int CS_V = {};\n"
        "  // column groups: each matrix's chunk of B rows (N apart) read as one run\n"
        "  static constexpr bool B_RUNS = {};\n",
        cg ? cg->ng : 0, cg ? cg->g : 1, cg ? cg->stride_b : 0, cg ? cg->stride_c : 0, cs_cols, cs_v, b_runs);
    family = "Tiled";
  }
  text += "};\n\n";
  // Register directives: with a minimum CTA count (or any register cap) ptxas allocates
  // up to the cap and sometimes spills, while without one it allocates what the code
  // needs; so minb = 1 emits none, except that above 256 threads the thread count must be
  // declared for the CTA to stay launchable (65536 registers / threads).
  std::string bounds;
  if (c.minb > 1) bounds = fmt::format(" __launch_bounds__({}, {})", c.threads, c.minb);
  else if (c.threads > 256) bounds = fmt::format(" __launch_bounds__({})", c.threads);
  text += fmt::format(
      "extern \"C\" __global__ void{}\n"
      "{}(const {}* __restrict__ A, const {}* __restrict__ B, {}* __restrict__ C, {} alpha, {} beta,\n"
      "    long long batch) {{\n"
      "  tailor::grid_dependency();\n"
      "  tailor::{}<Spec>::run({}, C, alpha, beta, batch);\n"
      "}}\n",
      bounds, name, T, T, T, T, T, family, swap_ab ? "B, A" : "A, B");
  return {name, std::move(text)};
}
}  // namespace

LaunchShape launch_shape(const GemmProblem& problem, const KernelConfig& c, const DeviceInfo& d) {
  if (reshapes(c)) return launch_shape(run_problem(problem, c), run_config(c), d);
  const GemmProblem p = norm(problem);
  std::int64_t work;
  if (c.family == Family::slab) work = ceil_div(p.batch, c.mats);
  else work = p.batch * ceil_div(p.m, c.bm) * ceil_div(p.n, c.bn);
  std::int64_t grid = std::min<std::int64_t>(work, 0x7fffffff);
  if (c.grid > 0) grid = std::min<std::int64_t>(grid, static_cast<std::int64_t>(c.grid) * std::max(1, d.sm_count));
  LaunchShape s;
  s.grid = static_cast<std::uint32_t>(std::max<std::int64_t>(grid, 1));
  s.block = static_cast<std::uint32_t>(c.threads);
  const std::int64_t smem = smem_bytes(p, c);
  s.smem_bytes = c.family == Family::slab || smem > kStaticSmemLimit ? static_cast<std::uint32_t>(smem) : 0;
  return s;
}

KernelConfig two_buffer_mma_slab(const GemmProblem& problem) {
  const GemmProblem p = norm(problem);
  KernelConfig c;
  c.family = Family::slab;
  c.mma = 1, c.tma = 1, c.cs = 1, c.minb = 1, c.mats = 1, c.vec = 1;
  c.st = 2, c.grid = 1;
  const std::int64_t mb = ceil_div(p.m, 16), nb = ceil_div(p.n, 16);
  const bool cols = mb % 2 == 1 && nb % 2 == 0;
  c.rm = cols ? 1 : 2, c.rn = cols ? 2 : 1;
  // Past 16 warps (a register cap under 128: 89x50x104 in 672 threads spilled) 2 x 2 blocks
  // a warp, which ran 1.01-1.07x faster there (89x50x104, 112x66x70, and 120x76x59 level).
  if (ceil_div(mb, c.rm) * ceil_div(nb, c.rn) > 16) c.rm = 2, c.rn = 2;
  c.threads = static_cast<int>(32 * ceil_div(mb, c.rm) * ceil_div(nb, c.rn));
  return c;
}

namespace {

KernelConfig heuristic_tiled(const GemmProblem& p, const DeviceInfo& /*device*/, int align_bytes) {
  KernelConfig c;
  c.family = Family::tiled;
  c.mats = 0;
  const bool f32 = p.dtype == DType::f32;
  // Large f32 tiles: 128 x 128 with 8 x 8 per thread; f64 keeps 4 x 4 (registers).
  auto side = [&](std::int64_t dim, int& b, int& r) {
    if (f32 && dim >= 128) b = 128, r = 8;
    else if (dim > 32) b = 64, r = 4;
    else if (dim > 16) b = 32, r = 2;
    else b = 16, r = 1;
  };
  side(p.m, c.bm, c.rm);
  side(p.n, c.bn, c.rn);
  c.bk = f32 ? (c.bm >= 128 || c.bn >= 128 ? 8 : 16) : 8;
  c.threads = (c.bm / c.rm) * (c.bn / c.rn);
  c.vec = 1;
  for (int v = static_cast<int>(16 / p.esize()); v >= 1; v /= 2)
    if (v * p.esize() <= align_bytes) {
      c.vec = v;
      break;
    }
  c.minb = 1;  // no register directive (see generate)
  return c;
}

// f64 outputs with a side under 17 (the other up to 128) whose A and B are too large for
// the slabs: one DMMA tile of the sides rounded up to 8 (16 where 8 leaves no layout of
// warps), as many warps as its 8 x 8 mma tiles allow up to 8 (fewer mma tiles a warp
// first), K steps of 16 (32 on tiles of 256 outputs at most), four cp.async stages, two
// CTAs an SM asked for at 128 threads or fewer. On the H200 (2026-11-30, forced beside the
// register-fed FMA tiles of 16 x 64 or 64 x 16 that took them, 24 f64 shapes with M or N of
// 2-16 and K of 44-247 drawn with seed 123; bench/NOTES.md) 1.84-4.14x on every one: 6x231x52
// 28 -> 92 % of copy, 3x151x36 21 -> 89 %, 127x44x12 50 -> 93 %, 70x161x9 24 -> 56 %; the
// same tile in at most 4 warps was faster on 3 of 24 (by 1-10 %), a bulk-copied FMA slab
// of up to 112 KB on 1 (5x70x82, 12 %).
//
// Outputs with the other side past 128 (past the bounds of the slabs for tall and wide
// outputs) take tiles of 64 along it, in three stages. On the H200 (2026-11-30, forced beside
// the register-fed FMA tiles of 64 x 8-16 or 4-16 x 128 that took them, 9 f64 shapes drawn
// with seed 2027 and 292x60x14): 1.04-2.41x on every one (954x118x5 36 -> 87 % of copy,
// 738x86x5 37 -> 89 %, 292x60x14 66 -> 91 %, 353x132x9 59 -> 82 %); the best of the 8
// variants timed (64 or 128 along, up to 4 or 8 warps, three or four stages) on 4 of 9 and
// within 8 % of it on the others.
std::optional<KernelConfig> narrow_dmma(const GemmProblem& p, const DeviceInfo& d, int align_bytes) {
  if (p.dtype != DType::f64 || d.cc_major < 8 || p.k < 8 || std::min(p.m, p.n) > 16) return std::nullopt;
  const bool past = std::max(p.m, p.n) > 128;
  for (const std::int64_t round : {8, 16}) {
    const std::int64_t bm = p.m > 128 ? 64 : ceil_div(p.m, round) * round;
    const std::int64_t bn = p.n > 128 ? 64 : ceil_div(p.n, round) * round;
    const std::int64_t tm = bm / 8, tn = bn / 8;  // 8 x 8 mma tiles a side
    std::int64_t best_w = 0, best_skew = 0, wm_pick = 0, wn_pick = 0;
    for (std::int64_t wm = 1; wm <= tm; ++wm)
      for (std::int64_t wn = 1; wn <= tn; ++wn) {
        if (tm % wm || tn % wn) continue;
        const std::int64_t w = wm * wn, rm = tm / wm, rn = tn / wn;
        if (w > 8 || rm > 8 || rn > 8 || rm * rn > 16) continue;
        const std::int64_t skew = rm > rn ? rm - rn : rn - rm;
        if (w > best_w || (w == best_w && skew < best_skew)) best_w = w, best_skew = skew, wm_pick = wm, wn_pick = wn;
      }
    if (best_w == 0) continue;
    KernelConfig c = heuristic_tiled(p, d, align_bytes);
    c.mma = 1, c.bm = static_cast<int>(bm), c.bn = static_cast<int>(bn);
    c.rm = static_cast<int>(tm / wm_pick), c.rn = static_cast<int>(tn / wn_pick);
    c.threads = static_cast<int>(32 * best_w);
    c.bk = bm * bn <= 256 ? 32 : 16, c.st = 4;
    // Tall tiles of 17-96 rows (N up to 16) in three stages: on the H200 (2026-11-30, forced,
    // 14 shapes drawn with seed 55 and from the draws above) 1.01-1.45x on all 9 of them
    // (93x238x13 55 -> 80 % of copy, 44x116x7 66 -> 90 %, 38x216x4 70 -> 87 %), while tiles
    // of 112-128 rows lost with three on 4 of 5 (128x194x6 0.71x).
    if (past || (bm > 16 && bm <= 96 && bn <= 16 && bm * bn > 256)) c.st = 3;
    c.minb = c.threads <= 128 ? 2 : 1;
    if (!check(p, c, d, align_bytes)) return c;
  }
  return std::nullopt;
}

}  // namespace

bool f32_mma_rows(const GemmProblem& problem, int align_bytes) {
  const GemmProblem p = norm(problem);
  auto whole = [](std::int64_t v) { return v % 4 == 0; };
  const bool a_ok = whole(p.layout_a == Layout::row ? p.k : p.m) && whole(p.lda) && (p.bcast_a() || whole(p.stride_a));
  const bool b_ok = whole(p.layout_b == Layout::row ? p.n : p.k) && whole(p.ldb) && (p.bcast_b() || whole(p.stride_b));
  return p.dtype == DType::f32 && a_ok && b_ok && align_bytes >= 16;
}

namespace {

// heuristic_as_given's pick; `f32_dmma` false keeps f32 off the FP64 tensor cores (the FMA
// kernels' pick, which the rule below weighs the tensor cores' tile against).
KernelConfig as_given(const GemmProblem& problem, const DeviceInfo& d, int align_bytes, int wide_f32_outputs,
                      bool f32_dmma);

// The 64 x 64 DMMA tile in K steps of 8 with four cp.async stages and 16-byte vectors (f32's
// tile where f64 would take a slab, and the tile of f32's tall products with B shared).
KernelConfig f32_dmma_64x64() {
  KernelConfig t;
  t.family = Family::tiled;
  t.mats = 0, t.mma = 1, t.bm = 64, t.bn = 64, t.bk = 8, t.rm = 4, t.rn = 4, t.threads = 128;
  t.vec = 4, t.st = 4, t.minb = 1;
  return t;
}

// Outputs a grid of bm x bn tiles covers over a rows x cols output, padding included.
double padded_outputs(std::int64_t rows, std::int64_t cols, int bm, int bn) {
  return static_cast<double>(ceil_div(rows, bm) * bm) * static_cast<double>(ceil_div(cols, bn) * bn);
}

// f32 on sm_90 with sides of 40-256 and K from 16: the tile on the FP64 tensor cores (the f32
// operands widened to f64 as they are read, sums in f64) that would replace the FMA pick, if
// any. First where the rows are whole 16-byte units and no operand is shared: there f64's tile
// as given. On the H200 (2026-12-02, bench/NOTES.md), forced beside the FMA pick: 1.08-2.14x
// on 25 of a fresh draw of 28 such shapes with sides 40-256 (1017x220x208x40 26 -> 55 % of
// copy), 10922x64^3 78 -> 96 %, 2730x128^3 25 -> 56 %, 20000x48^3 0.98x; through dispatch
// against the FMA picks on another fresh draw of 24, geomean 1.31x (0.98-2.50x).
// Then, with a side past 64, rows that are not whole units (copied a float at a time) or a
// shared A or B: f64's tile as given, or where f64 takes a slab (or regroups the rows) the
// 64 x 64 tile in K steps of 8 and four cp.async stages for the other side from 52 and 64-wide
// tiles that pad the output by 1.7 times at most (the bounds of a forced comparison on the
// H100 whose logs were not kept, bench/results/largef32-1205: its shapes and configs). Not
// where both sides are at most 64 (8579x54x37x64 0.78x on the H200). Through dispatch (H100,
// 2026-12-07, bench/results/odd-f32-1207, 72 shapes of sides 40-256 whose pick moved, two
// rounds): against FMA tiles 1.06-2.28x on 35 of 38 (984x132x264x41 bcastA 8 -> 18 % of copy,
// 2730x128x127x128 32 -> 59 %; 306x256x63x256 0.81x, 482x175x115x146 0.97x); against FMA slabs
// 0.75-1.67x, the slab kept its lead where it ran at 60-90 % of copy (3351x56x23x97 0.81x,
// 3400x108x42x95 bcastA 0.75x). The cost model told those apart: of the 17 slabs it put
// behind the tile, the tile ran 0.98-1.67x; of the 17 it put ahead, 0.75-1.13x. So the tile
// replaces a slab only where the model predicts it no slower. On a fresh draw of 30 whose pick
// moves (H100, same day, call 2): 1.23x geomean (0.81-2.33x); against FMA tiles 1.27x on 24
// (the model ranks the DMMA tile slower on 20 of those, so it does not decide there), against
// the slabs it ranks behind 1.12x on 5; torch ahead on 6 of the 30 where it had been on 16.
std::optional<KernelConfig> f32_dmma_tile(const GemmProblem& p, const DeviceInfo& d, int align_bytes,
                                          int wide_f32_outputs) {
  if (p.dtype != DType::f32 || d.cc_major < 9 || std::min(p.m, p.n) < 40 || std::max(p.m, p.n) > 256 || p.k < 16 ||
      align_bytes < 16)
    return std::nullopt;
  const bool whole = f32_mma_rows(p, align_bytes) && !p.bcast_a() && !p.bcast_b();
  if (!whole && std::max(p.m, p.n) <= 64) return std::nullopt;
  GemmProblem q = p;
  q.dtype = DType::f64;
  std::optional<KernelConfig> tile;
  KernelConfig h = as_given(q, d, align_bytes, wide_f32_outputs, true);
  h.vec = 4;
  if (h.family == Family::tiled && h.mma && !h.rows && !h.tr && !h.cols && !check(p, h, d, align_bytes)) tile = h;
  if (whole) return tile;
  if (!tile && std::min(p.m, p.n) >= 52 && padded_outputs(p.m, p.n, 64, 64) <= 1.7 * p.m * p.n) {
    const KernelConfig t = f32_dmma_64x64();
    if (!check(p, t, d, align_bytes)) tile = t;
  }
  if (!tile) return std::nullopt;
  const KernelConfig fma = as_given(p, d, align_bytes, wide_f32_outputs, false);
  if (fma.family == Family::slab && predict_seconds(p, fma, d) < predict_seconds(p, *tile, d)) return std::nullopt;
  return tile;
}

// f32 with B shared by the batch on a DMMA tile (f32_dmma_tile): the batch's rows as one tall
// product (rows = batch x M) on the 64 x 64 tile in K steps of 8 with four stages, where the
// tile as given pads the outputs by 5 % or more beyond what the tall product's tiles pad (the
// stack pads M only once). Forced beside the pick as given on the H100 (2026-12-07,
// bench/results/stack-f32-1207, 20 shapes of sides 40-256 with B shared, six timed before and
// a fresh draw): the tall product ran 1.01-1.85x on the 10 this takes (3007x66x92x106
// 29 -> 49 % of copy, 1044x49x188x106 19 -> 36 %, 284x138x201x241 1.27x) and 0.83-1.42x
// on the other 10 (0.96-0.97x where the padding is level, 0.83x and 0.91x where N pads by
// 1.36 and 1.49 in 64-wide tiles, but 1.42x on 1329x71x168x97 and 1.61x on 1588x123x53x75,
// which this leaves). The FMA tile on the same tall product ran 0.71-1.80x (cuBLAS's choice
// through torch, which folds the batch into M when B is shared). Through dispatch on a fresh
// draw of 18 that this takes (same day, call 2): 1.03-1.45x, geomean 1.18x; torch ahead on 1
// of the 18 where it had been on 4.
// Where the tile as given is not 64 x 64 (a 32-wide tile, or f64's tile of the sides rounded
// up to 8, which pads least), the tall product's tile is the faster per output: there it is
// taken while it pads 10 % more at most. Forced on the H100 (2026-12-07,
// bench/results/snug-f32-1207, a fresh draw of 24 f32 shapes on those tiles, 10 with B shared,
// and the 20 above): 1.12-1.42x on the five that pad 0.98-1.07 times the tile as given
// (1791x40x248x101 on a 40 x 64 tile 1.33x, 1254x45x250x193 on 48 x 32 1.34x, 855x71x289x123
// and 1329x71x168x97 on 72 x 64 1.24x and 1.42x), 1.03x and 1.06x at 1.12-1.14, 0.75-0.94x on
// seven at 1.19-1.55 (1588x123x53x75 on 64 x 80 won 1.61x at 1.54: left out). Where the tile
// as given is 64 x 64 the padding must drop by 5 %: level, it ran 0.96-0.97x on four.
// Where the 64 x 64 stack is declined and the tile as given is not 64 x 64, the tall product
// runs on the tile as given when that drops 7 % of the padded outputs (see below).
std::optional<KernelConfig> f32_dmma_stack(const GemmProblem& p, const KernelConfig& given, const DeviceInfo& d,
                                           int align_bytes) {
  if (p.dtype != DType::f32 || !p.bcast_b() || p.bcast_a() || p.batch < 2 || given.family != Family::tiled ||
      !given.mma || given.rows || given.tr || given.cols)
    return std::nullopt;
  const std::int64_t total = p.batch * p.m;
  if (regroup_check(p, total)) return std::nullopt;
  KernelConfig t = f32_dmma_64x64();
  t.rows = static_cast<int>(total);
  if (check(p, t, d, align_bytes)) return std::nullopt;
  const double as_given = static_cast<double>(p.batch) * padded_outputs(p.m, p.n, given.bm, given.bn);
  const double stacked = padded_outputs(total, p.n, t.bm, t.bn);
  if (given.bm == 64 && given.bn == 64 ? as_given < 1.05 * stacked : stacked > 1.10 * as_given) {
    // Else the tall product on the tile as given, where that drops M's padding by 7 % or
    // more. Forced on the H100 (2026-12-07, bench/results/stack-given-1207, 32 shapes with B
    // shared on tiles other than 64 x 64): 0.94-1.80x the tile as given, geomean 1.09x. Through
    // dispatch (bench/results/final-1207): wherever it dropped any padding, 16 moved shapes
    // 0.85-1.44x, geomean 1.07x, the four losses (0.85-0.96x) all dropping 3-6 % of the
    // outputs, the wins 2-28 %; with the 7 % bound, a fresh draw of 16: 0.95-1.29x, geomean
    // 1.10x (288x226x299x85 24 -> 31 % of copy, 2599x65x80x68 43 -> 52 %).
    if (given.bm == 64 && given.bn == 64) return std::nullopt;
    KernelConfig own = given;
    own.rows = static_cast<int>(total);
    if (check(p, own, d, align_bytes) || 1.07 * padded_outputs(total, p.n, given.bm, given.bn) > as_given)
      return std::nullopt;
    return own;
  }
  return t;
}

}  // namespace

KernelConfig heuristic_as_given(const GemmProblem& problem, const DeviceInfo& d, int align_bytes, int wide_f32_outputs) {
  return as_given(problem, d, align_bytes, wide_f32_outputs, true);
}

namespace {

KernelConfig as_given(const GemmProblem& problem, const DeviceInfo& d, int align_bytes, int wide_f32_outputs,
                      bool f32_dmma) {
  const GemmProblem p = norm(problem);
  if (f32_dmma)
    if (const auto t = f32_dmma_tile(p, d, align_bytes, wide_f32_outputs)) return *t;
  const std::int64_t esz = p.esize();
  const std::int64_t a = p.m * p.k, b = p.k * p.n;
  const std::int64_t per_mat = (p.bcast_a() ? 0 : a) + (p.bcast_b() ? 0 : b);
  const std::int64_t fixed = (p.bcast_a() ? a : 0) + (p.bcast_b() ? b : 0);
  // Operands a bulk-copied slab takes: packed (matrices back to back), or one matrix shared
  // by the batch (staged once per CTA and kept; C is staged after it). Not both shared.
  // Broadcast operands had been left to the threads' slabs without C staged, or to tiles:
  // on the H200 (2026-12-01, through dispatch, old and new builds alternating, 25 broadcast
  // shapes of sides 1-96 and K 1-128 whose decision this moves, two draws) 0.94-3.49x,
  // geomean 1.40x (32894x30x27x10 f64 bcastA 35 -> 88 % of copy, 154320x3x73x8 f32 bcastB
  // 42 -> 86 %, 18472x70x28x1 f32 bcastB 58 -> 96 %; 107142x10x4x25 f32 bcastA 0.94x).
  // Forced beside it, the same slabs without C staged ran 1.0-9.3x slower than with it.
  const bool slab_ops = (p.packed_a() || p.bcast_a()) && (p.packed_b() || p.bcast_b()) && per_mat > 0;
  // Small and mid-size matrices (from 10^3 of work a matrix in f32, 2000 in f64; M or N
  // from 9) on sm_90: bulk-copied slabs of at most 24 KB (or the fewest matrices whose
  // runs are whole 16-byte units), C staged and bulk-stored; micro-tiles (sides up to 12
  // that pad M and N by 10 % at most, up to 36 outputs a thread) and matrices per CTA
  // chosen together for the most FMAs per shared-memory read times the share of busy
  // threads. On the H200 (2026-11-30, shapes
  // outside the suite included) this beat the previous choices by 1.1-2.0x:
  // 25^3 5x5 (f32 133 us, f64 134 us), 33^3 11x3 (f32 137 us, f64 140 us), 35^3 f64 2.0x,
  // 40^3 f32 1.46x, 27^3 f64 1.53x the DMMA tile. Below 20^3 (H200, 12 shapes from 10^3 to
  // 24x12x24 beside the slabs the threads stage): f32 1.04-2.37x (20x8x20 205 -> 83 us),
  // f64 1.04-2.06x from 2000 of work; 10^3 and 12^3 f64 lose or tie (0.95x, 1.00x), and so
  // does 16^3 f64 (0.93x), where the small staged slab reaches 95 % of copy. Outputs at most
  // 8 on both sides stay with the threads' slabs: 8x32x8 and 8x64x8 reach 100-103 % of copy
  // there and 87-88 % bulk-copied (9x48x9, 10x50x10 and 9x30x11 gain 1.03-1.10x
  // bulk-copied, f64 9x48x9 0.98x). With one side from 9 and the other under it (4x45x15,
  // 53x29x5, 8x21x51 f64, 32x26x8 f32: 14 shapes on the H200) bulk copies gained 1.01-1.51x
  // over the threads' slabs (55-76 % -> 78-90 % of copy).
  // f64 stays on the FP64 tensor cores where the DMMA tile (32 wide, 64 from sides of 48)
  // pads neither side by more than 15 %. On the H200: 32^3 f64 125.5 us tuned DMMA; 30^3
  // (7 % padded) DMMA 170.7 us, this slab 191.6; 27^3 (19 %) slab 134.5 us, DMMA 205.7;
  // 48^3 (33 %) slab 147.3 us, the 64x64 DMMA tile 181.9.
  auto dmma_snug = [](std::int64_t dim) {
    const std::int64_t tile = dim >= 48 ? 64 : 32;
    return ceil_div(dim, tile) * tile * 100 <= dim * 115;
  };
  const bool dmma_first = p.dtype == DType::f64 && dmma_snug(p.m) && dmma_snug(p.n);
  // The slab on the tensor cores below is weighed before those tiles where a side is not a
  // whole number of tiles and neither passes 64. On the H200 (2026-11-30, forced beside the
  // DMMA tiles the heuristic gave them): 64x62x63 54 -> 92 % of copy (1.71x), 28x29x29 61 ->
  // 91 % (1.50x), 30x65x60 75 -> 98 % (1.31x), 32x83x31 83 -> 88 % (1.06x), all four with
  // reads free of bank conflicts, and 57x56x59 1.44x with A's reads conflicted (rows of 56
  // doubles): these shapes take the slab where B's reads are conflict-free, at any size
  // (see the slab rule for A's and B's conflicts). A second draw (seed
  // 5252, 8 shapes): 58x73x57 51 -> 89 %, 62x50x31 54 -> 92 %, 58x66x29 55 -> 92 %,
  // 28x106x61 1.02x, and 30x60x30 0.92x (the register-fed 32 x 32 tile at 97 %); with K
  // under 16 63x14x63 gained 2.16x (40 -> 85 %) and 56x9x58 and 62x11x28 lost 0.95x and
  // 0.86x (67 -> 64 %, 75 -> 64 %; still 1.16x and 1.07x cuBLAS, where the tile of 63x14x63
  // ran 0.62x), so short reductions take the slab too. Whole tiles (32^3, 64^3: 100-102 % of
  // copy tuned) and sides past 64 (warps 16 x 112-128 wide, unmeasured) keep the tiles.
  auto whole = [](std::int64_t dim) { return dim % (dim >= 48 ? 64 : 32) == 0; };
  const bool dmma_over_slab = dmma_first && ((whole(p.m) && whole(p.n)) || std::max(p.m, p.n) > 64);
  // Bulk-copied slabs also where a side is past 64 (up to 128) and for long reductions
  // (K > 64). On the H200 (2026-11-30, through dispatch): 83x8x4 f32 20 -> 81 % of copy,
  // 7x24x73 f64 27 -> 83 %, 5x30x91 f32 25 -> 74 % (from the register-fed tiles); 4x125x5
  // f64 53 -> 82 %, 2x142x16 f64 60 -> 89 %, 8x128x8 f64 78 -> 87 % (from the threads'
  // slabs); f32 8x100x8 and 8x128x8 0.98x. Sides of 2-8 with K of 65-95 (forced beside the
  // threads' slabs, 9 shapes in one draw): 1.01-1.20x (5x80x7 f32 97 -> 81 us, 6x71x6 f64
  // 117 -> 99 us, 3x79x6 f32 122 -> 106 us; a second draw of 10: 0.99-1.29x; 3x90x1 f64
  // 1.50x, 1x65x9 f32 1.12x; 5x80x7 f64 0.90x); with K of 48-64 the threads' slabs won on
  // 7 of 9 (8x64x8 f32 0.87x, 4x64x4 f64 0.88x bulk-copied; 7x62x5 f32 gained 1.17x), and
  // so they did for f32 matrix-vector products below K = 96 (1x80x1 and 4x68x1 0.95x,
  // 2x75x1 0.99x).
  const bool wide = p.m > 64 || p.n > 64;
  // Tall and wide outputs (one side past 128, the other up to 16: slab_output) also take
  // bulk-copied slabs, in f64 too, with A and B up to 112 KB (two CTAs an SM). On the H200
  // (2026-11-30, forced beside the register-fed tiles that took them, 12 shapes of one
  // side 129-927 drawn with seed 6969, and 229x25x6 f32 where JAX had been 1.37x faster):
  // 1.08-2.8x on every one (229x25x6 f32 34 -> 89-92 % of copy, 12x19x200 f32 37 -> 97 %,
  // 394x6x2 f64 35 -> 90 %, 197x31x11 f64 46 -> 83-90 %, 12x37x341 f64 36 -> 74-79 %).
  const bool tall_out = std::max(p.m, p.n) > 128;
  const bool long_k = p.k >= 96 || (p.k > 64 && !(p.dtype == DType::f32 && p.n == 1));
  // A DMMA tile of four warps of (bm / 2) x (bn / 2), K steps of 16 from K = 16.
  auto dmma_tile = [&](int bm, int bn) {
    KernelConfig c = heuristic_tiled(p, d, align_bytes);
    c.mma = 1;
    c.bm = bm, c.bn = bn;
    c.rm = bm / 16, c.rn = bn / 16;
    c.bk = p.k >= 16 ? 16 : 8;
    c.threads = 128;
    return c;
  };
  // The DMMA tile fed by cp.async stages (three; four for 64 x 64 x 8, below), also where
  // K is not a multiple of bk (the last step's copies guarded), from K = 16; K steps of 8 on
  // the 64 x 64 tile where K is not a multiple of 16 (with 16, ptxas spills 84-108 bytes at
  // K = 71-109). On the H200 (2026-11-30, forced beside the register-fed tiles the heuristic
  // gave them, 9 f64 shapes) 1.01-1.55x on every one: 27x104x51 50 -> 78 % of copy, 28x29x29
  // 61 -> 83 %, 32x50x104 72 -> 92 %, 117x117x92 46 -> 59 %, 93x89x123 40 -> 49 %, 64x62x63
  // 1.18x, 90x93x81 1.17x.
  // The 64 x 64 tile stepping K by 8 takes four stages, not three: its stages are half the
  // size of the 16-deep ones, so three left 16 KB (f64) in flight a CTA. On the H200
  // (2026-12-02, forced side by side at the heuristic's picks, two fresh draws of 24 shapes
  // with sides 40-256, seeds 1209 and 1210) four stages ran the 26 such shapes 1.030x and
  // 1.056x faster (geomean of each draw, 0.947-1.312x; 1031x122x58x230 f64 50 -> 65 % of
  // copy), and every other DMMA tile of the draws slower (0.93x and 0.90x: 32 x 64 x 16
  // 0.71-0.82x); through dispatch on a third draw (seed 1211) 1.017x on the 20 it changes
  // (0.93-1.18x).
  auto staged = [&](KernelConfig c) {
    c.st = 3, c.minb = 1;
    if (c.bm == 64 && c.bn == 64 && p.k % 16) c.bk = 8, c.st = 4;
    return c;
  };
  // A DMMA tile whose sides are the matrix's rounded up to 8 (one tile a side, or the
  // standard side on one of them) where it pads less than the 32- or 64-wide tiles of four
  // warps and the model below ranks it first: padded area times the shared-memory reads a
  // warp makes per mma (1 + 1/rm + 1/rn), times the rate lost to 8-row mma tiles left
  // unpaired (m8n8k4 runs at half the rate of m16n8k4). Warps: 4 to 9, at most 16 mma tiles
  // each, bk = 8, four cp.async stages, two CTAs an SM asked for at 128 threads. Where the
  // standard tile is itself fed by cp.async stages (K a multiple of its bk), only if it
  // pads the matrix by at least 1.5 times the area. On the H200 (2026-11-30, through
  // dispatch against the previous rule, 39 shapes in three draws): 5296x65^3 f64 72x72
  // (3x3 warps of 3x3 mma tiles) 405 -> 204 us, 34 -> 63 % of copy; 60x61x52 64x56 (4x1
  // warps of 2x7) 66 -> 93 %; 46x71x53 48x64 (1x4 of 6x2) 49 -> 75 %; 1.04-1.85x on the 33
  // this rule keeps. 29x64x67 and 122x128x54 lost (0.90x, 0.92x) against staged standard
  // tiles padded 1.33 and 1.14 times as much (74x48x34 and 35x64x117 gained 1.44x and
  // 1.10x at 1.92 and 1.71: hence the 1.5). Not where both sides pass 96: there the 64 x
  // 128 tile of the 128^3 record (a tuned neighbour) or the 64 x 64 tile pads little, and
  // the 64x112 tile of seven warps lost to them (104x59x107 0.93x, 118x118x111 0.98x,
  // 106x116x112 0.97x, 128x84x110 0.76x). The 1.5 bound does not hold where the standard
  // tile is 64 x 64 with K steps of 8 (K not a multiple of 16), as the snug tiles have: on
  // the H200 (2026-12-01, forced side by side, f64 sides 49-64) 56^3 gained 1.32x (73 -> 96 %
  // of copy; 0.86x torch before), 8 of 8 such shapes of seed 1212 1.04-1.32x, and the 16 of
  // a fresh draw (seed 1214) that the change moves 0.97-1.29x, 14 faster (61x56x56 74 ->
  // 96 %); with K a multiple of 16 (steps of 16 on the 64 x 64 tile) 0.91-1.08x (55x128x55).
  auto snug_dmma = [&](int std_m, int std_n, bool std_staged) -> std::optional<KernelConfig> {
    if (p.m > 96 && p.n > 96) return std::nullopt;
    // The 1.5 bound holds where the staged standard tile steps K by 16; the 64 x 64 tile
    // steps by 8 where K is not a multiple of 16 (staged), as the snug tiles always do.
    const bool std_k16 = !(std_m == 64 && std_n == 64 && p.k % 16 != 0);
    auto cost = [&](int bm, int bn, int rm, int rn) {
      const double area = padded_outputs(p.m, p.n, bm, bn) / static_cast<double>(p.m * p.n);
      return area * (1.0 + 1.0 / rm + 1.0 / rn) * (2.0 * ((rm + 1) / 2) / rm);
    };
    const double std_cost = cost(std_m, std_n, std_m / 16, std_n / 16);
    double best = std_cost;
    std::optional<KernelConfig> pick;
    const int sm = static_cast<int>(std::min<std::int64_t>(ceil_div(p.m, 8) * 8, 136));  // past 128: never taken
    const int sn = static_cast<int>(std::min<std::int64_t>(ceil_div(p.n, 8) * 8, 136));
    const double std_area = padded_outputs(p.m, p.n, std_m, std_n);
    for (int bm : {std_m, sm})
      for (int bn : {std_n, sn}) {
        if ((bm == std_m && bn == std_n) || bm > 128 || bn > 128) continue;
        const double area = padded_outputs(p.m, p.n, bm, bn);
        if (area >= std_area || (std_staged && std_k16 && 2 * std_area < 3 * area)) continue;
        for (int wm = 1; wm <= bm / 8; ++wm)
          for (int wn = 1; wn <= bn / 8; ++wn) {
            if ((bm / 8) % wm || (bn / 8) % wn || wm * wn < 4 || wm * wn > 9) continue;
            const int rm = bm / 8 / wm, rn = bn / 8 / wn;
            if (rm > 8 || rn > 8 || rm * rn > 16) continue;
            const double c = cost(bm, bn, rm, rn);
            if (c < best * 0.999) {
              KernelConfig k = heuristic_tiled(p, d, align_bytes);
              k.mma = 1, k.bm = bm, k.bn = bn, k.rm = rm, k.rn = rn;
              k.bk = 8, k.st = 4, k.threads = 32 * wm * wn;
              k.minb = k.threads <= 128 ? 2 : 1;
              if (!check(p, k, d, align_bytes)) best = c, pick = k;
            }
          }
      }
    return pick;
  };
  // f64 left over (a side past 64 with matrices past 40 KB, or tiles that pad a side by more
  // than 30 %): still the FP64 tensor cores, four warps on the 32- or 64-wide tile that pads
  // each side least. On the H200 (through dispatch) 29x64x67 f64 went from 27 to 67 % of
  // copy, 62x54x48 from 36 to 67 %, 46x71x53 from 21 to 45 %, from the FMA tiles of
  // heuristic_tiled.
  auto leftover_dmma = [&]() -> std::optional<KernelConfig> {
    auto side = [](std::int64_t dim) { return ceil_div(dim, 64) * 64 <= ceil_div(dim, 32) * 32 ? 64 : 32; };
    if (const auto s = snug_dmma(side(p.m), side(p.n), p.k % (p.k >= 16 ? 16 : 8) == 0)) return *s;
    const KernelConfig c = dmma_tile(side(p.m), side(p.n));
    if (p.k % c.bk == 0 || p.k >= 16)
      if (const KernelConfig a = staged(c); !check(p, a, d, align_bytes)) return a;
    if (!check(p, c, d, align_bytes)) return c;
    return std::nullopt;
  };
  auto two_buffer_slab = [&] { return two_buffer_mma_slab(p); };
  // In f32 matrices up to 100 KB (A and B) too, one a slab: on the H200 (2026-11-30, forced
  // beside the 64 x 64 register-fed tile that took them before, 30 shapes of sides 26-128
  // and 41-100 KB in two draws) 1.17-3.5x on every one (53x142x67 17 -> 57 % of copy,
  // 72x85x50 22 -> 69 %, 109x96x109 25 -> 33 %, 92x112x120 27 -> 31 %).
  // Tall matrices (M from 24) whatever their work: on the H200 (2026-11-30, forced side
  // by side, 9 shapes of M 26-61 with K 2-8 and N 1-10 below the work bound)
  // the threads' slabs ran at 16-80 % of copy, bulk-copied slabs at 62-84 % (1.01-4.2x:
  // 40x2x8 f32 17 -> 62 %, 56x2x7 f32 16 -> 68 %, 49x4x8 f64 31 -> 75 %).
  // f64 on the FP64 tensor cores in a bulk-copied slab (sm_90): whole matrices copied to
  // shared memory as they lie (rows of any length: 65 doubles are 8-byte aligned only, which
  // the tiles' 16-byte copies cannot take), each warp 16 rows by the whole width (rm = 1,
  // rn = N / 16 rounded up), C staged and bulk-stored; two matrices a slab where one takes
  // at most 18 KB (A and B, or C where larger). Sides 17-128 whose A and B take at most
  // 68 KB (three CTAs an SM; a larger C overlays them), and, past 40 KB, only where B's
  // fragment reads can be made free of bank conflicts (a pitch that is a multiple of 8
  // doubles cannot), A's too past 68 KB. On the H200
  // (2026-11-30, forced beside the previous choice, 39 odd f64 shapes of sides 17-128 in one
  // draw): 65^3 62.9 -> 93.0 % of copy (1.49x), 46x26x116 1.86x, 92x12x73 1.66x, 44x10x82
  // 1.60x, 103x36x81 1.45x, 36^3 1.24x, 90x70x30 1.16x, 17^3 1.09x, 33^3 1.05x, 111x19x128
  // (C of 111 KB) 3 -> 46 % (a slab of FMA tiles in 832 threads spilled there); within
  // the bounds 80x58x57 lost 0.86x (against an 80 x 64 DMMA tile), 50^3 0.95x, 73x52x17
  // 0.99x; past 68 KB it lost 0.55-0.93x on 7 of 11 (one CTA an SM leaves the copies
  // unhidden), and with B's reads conflicted past 40 KB 0.80x (75x39x64) and 0.95x (40x85x56).
  // Up to 80 KB where two CTAs an SM fit their registers (2026-11-30, H200, 9 f64 shapes of
  // 68-80 KB drawn with seeds 7272 and 7373, forced beside the DMMA tiles the heuristic gave
  // them, two rounds): 95x62x60 58 -> 84 % of copy, 67x87x41 69 -> 88 %, 82x86x27 63 -> 90 %,
  // 32x91x65 67 -> 94 %, 71x94x26 1.09x, 17x154x47 1.02x (the 10 shapes above lay past 84 KB).
  // Short reductions (K under 16) only with a side past 32: through dispatch (2026-11-30,
  // H200) 24x12x24 ran 0.88x and 20x8x20 0.96x the threads' FMA slabs, while 44x10x82,
  // 86x11x63 and 92x12x73 gained 1.56-1.66x.
  if (p.dtype == DType::f64 && d.cc_major >= 9 && align_bytes >= 16 && !dmma_over_slab && slab_ops &&
      p.packed_c() && p.m >= 17 && p.n >= 17 && p.m <= 128 && p.n <= 128 &&
      (p.k >= 16 || (p.k >= 8 && std::max(p.m, p.n) > 32))) {
    const std::int64_t foot = std::max(per_mat, p.m * p.n) * esz + fixed * esz;
    KernelConfig c;
    c.family = Family::slab;
    c.mma = 1, c.tma = 1, c.cs = 1, c.minb = 1;
    c.rm = 1, c.rn = static_cast<int>(ceil_div(p.n, 16));
    c.mats = static_cast<int>(std::min<std::int64_t>(foot <= 18 * 1024 ? 2 : 1, p.batch));
    c.threads = static_cast<int>(32 * ceil_div(p.m, 16) * c.mats);
    c.vec = slab_vec_width(p, c.mats, 2);
    const bool b_free = mma_perm(p, c, 'B').has_value();
    const bool conflict_free = b_free && mma_perm(p, c, 'A');
    const std::int64_t ab = (per_mat + fixed) * esz;
    // Conflicted reads of A alone (rows of K doubles, K a multiple of 8) cost little: each
    // warp reads only its own 16 rows of A, while every warp reads all of B. On the H200
    // (2026-11-30, forced beside the staged standard DMMA tile and the heuristic's tile, f64
    // sides 24-64 of 40-68 KB, seed 7272 and the draws before it) slabs with A conflicted
    // beat the heuristic's pick on 5 of 5 (57x56x59 1.44x, 58x80x49 1.17x, 27x104x51 1.13x,
    // 45x104x35 1.05x, 34x72x55 1.04x); with B conflicted they lost on 4 of 6 (34x98x32
    // 0.88x, 45x87x32 0.92x, 29x92x32 0.93x, 34x82x48 0.94x; 58x83x32 and 43x106x32 1.02x).
    // A second draw of A-conflicted slabs (seed 8282, beside what the heuristic gave them
    // before): N of 35-63 faster on 6 of 6 (61x32x61 54 -> 92 % of copy, 52x72x54 1.26x,
    // 33x72x63 1.07x, 43x64x62 1.05x, 36x104x45 1.02x), N of 25-34 slower on 3 of 4
    // (31x104x26 0.88x, 25x104x34 0.93x, 44x72x30 0.96x; 46x112x25 level): with two blocks
    // of columns a warp reads A once for two mma tiles, so A's conflicts weigh more. Hence
    // M of 24-64 and N of 35-64 (wider slabs of 8 blocks a warp ran at 47-57 % of copy).
    // Under 40 KB B-conflicted slabs lost too (46x62x32 0.87x and 51x34x96 0.69x against the
    // staged standard tile): they take the DMMA tile (below).
    // Past 68 KB (two CTAs an SM at most) only where two CTAs' register cap leaves room for
    // the search space's estimate plus 25 % (minb = 2): such slabs gained on all 6 shapes of
    // 68-80 KB timed, those without that room (224 threads, or 7 blocks a warp) lost on 2 of 3
    // (70x55x108 0.67x, 104x55x60 0.89x; under the cap they spilled).
    const bool two_fit = mma_slab_registers(c.rm, c.rn) * 1.25 <= register_cap(c.threads, 2);
    if (ab > 68 * 1024) c.minb = 2;
    // Under 40 KB with B's reads conflicted (rows of B a multiple of 8 doubles), from K = 16
    // and M = 41: the DMMA tile f64 leaves over. On the H200 (2026-12-01, forced side by
    // side, N a multiple of 8, K 16-72, 16 shapes drawn with seed 1203 and 16 with seed 1204,
    // and 48^3, 40^3, 24x48x32) it beat the slab on all 23 with M of 41-119 (1.01-2.12x:
    // 74x21x72 41 -> 88 % of copy, 119x22x80 45 -> 91 %, 105x22x40 44 -> 94 %, 48^3 86 ->
    // 100 %, 55x26x128 56 -> 88 %), and on 7 of 12 with M of 19-40, where it lost up to 0.88x
    // on the others (19x29x48 97 -> 85 %, 40^3 89 -> 79 %): every warp of the slab reads all
    // of B, and with fewer rows there are fewer warps to repeat the conflicted reads.
    if (!b_free && ab <= 40 * 1024 && p.k >= 16 && p.m >= 41 && !dmma_first)
      if (const auto t = leftover_dmma()) return *t;
    const bool measured = p.m >= 24 && p.n >= 35 && std::max(p.m, p.n) <= 64;  // where A's conflicts gained
    const bool reads = conflict_free || (b_free && measured && ab <= 68 * 1024) || (ab <= 40 * 1024 && !dmma_first);
    if ((ab <= 68 * 1024 || (ab <= 80 * 1024 && two_fit)) && reads &&
        !check(p, c, d, align_bytes)) {
      // One matrix a slab with both sides past 64, up to 62 KB: the same slab with two
      // buffers on a persistent grid (two_buffer_slab). On the H200 (2026-12-01, forced
      // side by side, 8 shapes of sides 66-116 and K 12-38, seed 1207, with 102x27x75 from a
      // draw beside torch and JAX): 1.03-1.49x on all 8 (102x27x75 55 -> 83 % of copy,
      // 116x30x105 53 -> 73 %, 66x27x94 66 -> 77 %). A fresh draw (seed 1208, 14 shapes of
      // sides 65-128 and K 9-51, 11-61 KB): 1.05-1.59x on all 14, geomean 1.31x (85x42x84 51
      // -> 82 % of copy, 97x9x67 50 -> 77 %, 113x35x82 52 -> 82 %). Past 62 KB the runtime
      // decides by the compiled kernel's CTAs an SM (Runtime::Impl::settle): 65^3 f64, 66 KB,
      // three CTAs an SM, keeps one buffer (93 % of copy; 0.87x with two).
      if (c.mats == 1 && p.m > 64 && p.n > 64 && ab <= 62 * 1024)
        if (const KernelConfig t = two_buffer_slab(); !check(p, t, d, align_bytes)) return t;
      // Sides up to 48, K of 24-128 and CTAs of up to 128 threads, where each slab's runs of A
      // and B are whole 32-byte sectors: the runs copied by the threads (tma = 2), as for the
      // FMA slabs below. Forced on the H200 (2026-12-02, bench/results/tma2k-1202) such
      // tensor-core slabs ran 0.87-1.15x their bulk copies, geomean 1.06x (11 shapes: 30^3
      // 1.15x, 24x40x36 1.13x, 20^3 0.87x), those whose runs are not whole sectors 0.97x (10).
      // Through dispatch on a fresh draw of 20 the rule moves (f64, sides 17-48, K 16-128):
      // 0.99-1.13x, geomean 1.08x, 17 faster (21x42x24 87 -> 99 % of copy, 45x40x20 88 -> 99
      // %), none slower by 1 % or more; bench/outside_suite.txt 30^3 1.15x, 40^3 1.12x, 24x40x36
      // 1.13x, 18^3 1.10x, 20^3 0.87x (0.87x forced too). With K under 24 the gains and losses
      // cancel (7 shapes of these draws, geomean 1.00x: 20^3 0.87x, 23x16x24 0.95x, 18^3 1.10x);
      // from 24 all 24 shapes gained, 1.02-1.15x: K from 24 only.
      if (sector_runs(p, c) && p.k >= 24 && p.k <= 128 && c.threads <= 128 && std::max(p.m, p.n) <= 48) {
        KernelConfig t = c;
        t.tma = 2;
        if (!check(p, t, d, align_bytes)) return t;
      }
      return c;
    }
  }
  // f64 matrices whose A and B take 68-112 KB, sides 24-128, that the rule above leaves:
  // the slab on the tensor cores with two buffers (two_buffer_slab). Not where the 64 x 64
  // DMMA tile fed by cp.async stages applies (both sides from 48, padded by 30 % at most, K
  // a multiple of 8). On the H200
  // (2026-11-30, forced beside the DMMA tiles the heuristic gave them, 10 shapes drawn with
  // seed 9393, and two the tuner found): 120x76x59 46 -> 81 % of copy, 89x50x104 49 -> 83 %,
  // 65x75x93 53 -> 85 %, 112x66x70 70 -> 82 %, 87x84x53 1.99x and 83x85x77 1.55x (tuned),
  // 115x83x20 1.01x; the staged 64 x 64 tile of 110x48x120 kept 82.5 % against 50-68 %.
  // Sides under 24 stay with their narrow tiles (22x77x114: the 32 x 120 tile 96 %, the
  // slab 89 %). A second draw (seed 9595, 15 shapes the rule changes): 10 faster 1.10-2.04x
  // (72x66x117 40 -> 82 %, 93x74x86 54 -> 87 %), 39x126x32 0.98x, and 4 slower 0.89-0.96x
  // against staged tiles of the sides rounded up to 8 (89x76x40, 36x80x121, 43x101x78,
  // 60x67x72; still 1.12-1.70x cuBLAS).
  // Where the 32- or 64-wide DMMA tiles fit a side (pad it by 30 % at most).
  auto fits = [](std::int64_t dim, int tile) { return ceil_div(dim, tile) * tile <= dim * 13 / 10; };
  const bool staged64 = p.m >= 48 && p.n >= 48 && fits(p.m, 64) && fits(p.n, 64) && p.k % 8 == 0;
  if (p.dtype == DType::f64 && d.cc_major >= 9 && align_bytes >= 16 && p.packed_a() && p.packed_b() &&
      p.packed_c() && p.m >= 24 && p.n >= 24 && p.m <= 128 && p.n <= 128 && per_mat * esz > 68 * 1024 &&
      per_mat * esz <= 112 * 1024 && !staged64) {
    const KernelConfig c = two_buffer_slab();
    if (!check(p, c, d, align_bytes)) return c;
  }
  // The bulk-copied slab for reductions of 1 to 3 (the rule below the micro-tile search):
  // 2 x 1 micro-tiles (1 x 2 for one row), C from registers, ~12 KB of A, B and C a slab, a
  // thread for every 100 bytes or so. `step`: matrices whose runs make whole 16-byte units.
  auto whole_units_step = [&] {  // the fewest matrices whose A, B and C runs are whole 16-byte units
    std::int64_t step = 1;
    for (std::int64_t e : {p.bcast_a() ? 0 : a, p.bcast_b() ? 0 : b, p.m * p.n})
      step = std::lcm(step, 16 / std::gcd<std::int64_t>(e * esz, 16));
    return step;
  };
  auto short_k_slab = [&](std::int64_t step) -> std::optional<KernelConfig> {
    KernelConfig s;
    s.family = Family::slab;
    s.tma = 1, s.cs = 0, s.minb = 1;
    s.rm = p.m >= 2 ? 2 : 1, s.rn = p.m >= 2 ? 1 : 2;
    const std::int64_t bytes = (per_mat + p.m * p.n) * esz;  // a matrix's A, B and C
    const std::int64_t mats = std::min<std::int64_t>(
        ceil_div(std::max<std::int64_t>(1, (12 * 1024 + bytes / 2) / bytes), step) * step,
        std::max<std::int64_t>(step, p.batch / step * step));
    const std::int64_t units = mats * ceil_div(p.m, s.rm) * ceil_div(p.n, s.rn);
    s.mats = static_cast<int>(mats);
    s.vec = slab_vec_width(p, mats, static_cast<int>(16 / esz));
    s.threads = static_cast<int>(std::clamp<std::int64_t>(
        std::min(ceil_div(mats * bytes, 100 * 32), ceil_div(units, 32)) * 32, 64, 512));
    if (check(p, s, d, align_bytes)) return std::nullopt;
    return s;
  };
  const bool mid = p.m <= 64 && p.n <= 64 && std::max(p.m, p.n) >= 9 &&
                   (p.m * p.n * p.k >= (p.dtype == DType::f32 ? 1000 : 2000) || p.m >= 24);
  // Small row-major matrices whose rows of C are whole 32-byte sectors (N times the element
  // size a multiple of 32 bytes), M and N up to 24, K of 4-12: the threads' slab with one
  // column a micro-tile (rn = 1, rm the largest side up to 8 that pads M by 10 % at most),
  // C written from registers, about 8 KB of A and B a slab (in whole 16-byte units) in 64
  // threads. The bulk-copied slab with C staged, below, holds such matrices at 87-89 % of
  // copy whatever its micro-tile, matrices a slab, threads or buffers, with C bulk-stored or
  // not. On the H200 (2026-12-01, forced side by side; bench/NOTES.md, "The bulk-copied
  // slab's ceiling on small matrices"): 16^3 f32 88.7 -> 98.9 %, 16^3 f64 88.5 -> 99.5 %,
  // 20x8x20 f64 81.3 -> 93.8 %, 12x20x16 f32 88.6 -> 90.2 %; behind where the rows are not
  // whole sectors (10^3 f32 80 against 89 %). Through dispatch (the builds before and after
  // alternating, fresh draws): with K up to 24 (seed 1202) 0.70-1.15x, geomean 0.94x, K of
  // 13-23 0.70-1.00x (13x21x24 f32 98 -> 69 % of copy, 22x19x24 f32 84 -> 59 %: one column a
  // thread does too few FMAs a shared-memory read there), K of 5-12 1.00-1.15x; with K up to
  // 12 (seed 1203) 0.93-1.15x, geomean 1.05x, 11 of 16 faster (17x4x16 f32 79 -> 90 %,
  // 24x6x20 f64 81 -> 94 %, 5x9x24 f32 84 -> 96 %), 24x8x12 f64 0.93x and four 0.97-0.99x;
  // bench/outside_suite.txt: 20x8x20 f64 1.16x, 24x12x24 f32 1.04x and f64 0.91x.
  // Since the bulk-copied slab's runs are copied by the threads (tma = 2: K of 4-14, CTAs of
  // up to 128 threads, below), it takes only where that slab would not: forced side by side
  // on the H200 (2026-12-02, 20 shapes of the family, seed 1401, and three of
  // bench/outside_suite.txt, all of whose bulk-copied slabs took tma = 2) the one-column slab
  // ran 0.76-1.11x that slab, geomean 0.94x (24x12x24 f64 80 against 94 % of copy, 15x12x12
  // f64 76 against 95 %); through dispatch (seed 1402, 12 shapes) where the bulk-copied slab
  // had 160-480 threads (tma = 1, then two buffers) it ran 0.80-0.89x the one column
  // (21x4x24 f32 89 -> 72 %).
  std::optional<KernelConfig> one_column;
  if (d.cc_major >= 9 && align_bytes >= 16 && mid && !dmma_first && p.packed_a() && p.packed_b() &&
      p.packed_c() && p.layout_a == Layout::row && p.layout_b == Layout::row && p.layout_c == Layout::row &&
      p.m <= 24 && p.n <= 24 && p.k >= 4 && p.k <= 12 && (p.n * esz) % 32 == 0) {
    KernelConfig c;
    c.family = Family::slab;
    c.minb = 1, c.rn = 1, c.threads = 64;
    for (int r = 1; r <= 8; ++r)
      if (ceil_div(p.m, r) * r * 10 <= p.m * 11) c.rm = r;
    // Matrices a slab: about 8 KB, in steps that keep every slab's runs 16-byte aligned (C's
    // rows are whole sectors, so its runs are whole units whatever the step).
    const std::int64_t step = whole_units_step();
    const std::int64_t bytes = per_mat * esz;
    const std::int64_t mats = std::max<std::int64_t>(1, (8 * 1024 + bytes / 2) / bytes);
    c.mats = static_cast<int>(std::min<std::int64_t>(std::max(step, (mats + step / 2) / step * step), p.batch));
    c.vec = slab_vec_width(p, c.mats, static_cast<int>(16 / esz));
    if (!check(p, c, d, align_bytes)) one_column = c;
  }
  if (d.cc_major >= 9 && align_bytes >= 16 && !dmma_first && slab_ops && p.packed_c() &&
      slab_output(p) && (mid || wide || long_k) &&
      (per_mat + fixed) * esz <= (tall_out ? 112 : p.dtype == DType::f32 ? 100 : 40) * 1024) {
    KernelConfig c;
    c.family = Family::slab;
    c.vec = static_cast<int>(16 / esz);
    c.tma = 1, c.cs = 1, c.minb = 1;
    // Micro-tile sides up to 12 that pad their dimension by 10 % at most, up to 36 outputs.
    // With wide_f32_outputs (the tuner's seed, wide_tile_seed) f32 also takes the divisors of
    // 13-16 and up to that many outputs where both sides divide: through dispatch as the
    // heuristic's rule (K odd) on a fresh draw of 24 shapes 0.61-1.44x, geomean 1.01x, on the
    // H200 (see "Micro-tiles past 36 outputs" in bench/NOTES.md), so only a timed candidate.
    const bool wide = p.dtype == DType::f32 && wide_f32_outputs > 36;
    auto sides = [&](std::int64_t dim) {
      std::vector<int> v;
      for (int r = 1; r <= 16; ++r)
        if ((r <= 12 && ceil_div(dim, r) * r * 10 <= dim * 11) || (wide && dim % r == 0)) v.push_back(r);
      return v;
    };
    auto max_outputs = [&](int rm, int rn) { return wide && p.m % rm == 0 && p.n % rn == 0 ? wide_f32_outputs : 36; };
    // Matrices a slab in steps that make its runs whole 16-byte units; in f32, where such a
    // step would take a slab past 40 KB (65^3: 4 matrices, 135 KB, one CTA an SM), any
    // count: the copies take the aligned runs around the slab. On the H200 (2026-11-30,
    // forced side by side, the configs this rule picks against the step's, two draws):
    // in f32, 15 of 17 shapes gained 1.05-1.83x (65^3 42 -> 61 % of copy, 7x118x65 45 ->
    // 82 %, 128x61x33 40 -> 66 %), one tied, 48x57x51 lost (0.97x); in f64 (a step of two
    // matrices) 4 gained 1.13-1.47x and 5 lost 0.89-0.96x, so f64 keeps the step; below
    // 40 KB it lost as often as it gained (33^3 f32 94 -> 88 %, 35^3 f64 96 -> 68 %).
    std::int64_t step = whole_units_step();
    if ((p.dtype == DType::f32 || tall_out) && step * per_mat * esz > 40 * 1024) step = 1;
    // Tall and wide outputs count C too (staged in shared memory): 12x5x242 f32 ran four
    // matrices a slab (46 KB of C) at 47 % of copy, one at 80 %.
    const std::int64_t foot = tall_out ? std::max(per_mat, p.m * p.n) : per_mat;
    const std::int64_t max_mats = std::min<std::int64_t>(
        std::max<std::int64_t>(step, 24 * 1024 / (foot * esz) / step * step), std::max<std::int64_t>(step, p.batch / step * step));
    // Warps an SM holds of a slab config (shared memory and threads; registers aside).
    auto warps_sm = [&](const KernelConfig& k) {
      const double smem_sm = d.smem_per_sm > 0 ? d.smem_per_sm : 228.0 * 1024;
      const double ctas = std::min({std::floor(smem_sm / (static_cast<double>(smem_bytes(p, k)) + 1024.0)),
                                    std::floor(static_cast<double>(d.max_threads_per_sm) / k.threads), 32.0});
      return ctas * k.threads / 32.0;
    };
    // want_warps = 0: the most FMAs per shared-memory read times the share of busy threads;
    // otherwise the same among configs an SM holds want_warps warps of, or the most warps.
    double best = -1;
    auto search = [&](double want_warps, int keep_rm) {
      best = -1;
      double best_warps = 0;
      for (int rm : sides(p.m))
        for (int rn : sides(p.n)) {
          if (rm * rn > max_outputs(rm, rn) || (keep_rm > 0 && rm != keep_rm)) continue;
          const double pad = static_cast<double>(ceil_div(p.m, rm) * rm * ceil_div(p.n, rn) * rn) / (p.m * p.n);
          // Padded work costs reads and FMAs; of two mirror tiles the one with more A rows
          // (33^3 f32 on the H200: 11 x 3 175 us, 3 x 11 300 us, lanes striding B's rows).
          for (std::int64_t mats = step; mats <= max_mats; mats += step) {
            const std::int64_t units = mats * ceil_div(p.m, rm) * ceil_div(p.n, rn);
            // CTAs of 64 threads at least, but one warp where the slab can hold no more
            // matrices and they fill less (24x40x36 f64, one matrix of 6 x 6 tiles: 24 units;
            // in 32 threads 137.6 us, two matrices in 64 138.2, where 4 x 4 tiles took 213.3).
            // Not for tall or wide outputs: one large matrix a warp leaves the copies unhidden
            // (253x52x4 f32, 8 x 4 tiles: 65 % of copy in one warp, 4 x 4 in two 95 %).
            const std::int64_t least = max_mats == step && units <= 32 && !tall_out ? 32 : 64;
            const std::int64_t threads = std::max<std::int64_t>(least, ceil_div(units, 32) * 32);
            if (threads > 1024) continue;
            // A shared A's reads replayed by bank conflicts count as that many reads
            // (33967x88x50x4 f64 with A shared: 8 x 4 micro-tiles read rows 8 apart, rows of
            // 50 doubles, all on two banks whatever the padding: 9 % of copy; 7 x 4 28 %).
            // Not for a shared B: there the same scoring moved regroupings and lost as often as
            // it gained (H200, 2026-12-01: 10 shapes 0.51-1.54x).
            double ra = 1.0;  // reads of A, each replayed ra times
            if (p.bcast_a()) {
              KernelConfig k = c;
              k.rm = rm, k.rn = rn, k.mats = static_cast<int>(mats), k.threads = static_cast<int>(threads);
              ra = std::max(1.0, bcast_read_replays(p, k, 'A'));
            }
            const double per_read = rm * rn / (rm * ra + rn) / (pad * pad * pad) * (rm >= rn ? 1.0 : 0.99);
            const double score = per_read * static_cast<double>(units) / threads;
            double warps = 0;
            if (want_warps > 0) {
              KernelConfig k = c;
              k.rm = rm, k.rn = rn, k.mats = static_cast<int>(mats), k.threads = static_cast<int>(threads);
              warps = std::min(want_warps, warps_sm(k));
              if (warps < best_warps) continue;
              if (warps > best_warps) best = -1;
            }
            if (score > best * 1.0001) {
              best = score, best_warps = warps;
              c.rm = rm, c.rn = rn, c.mats = static_cast<int>(mats), c.threads = static_cast<int>(threads);
              c.vec = slab_vec_width(p, mats, static_cast<int>(16 / esz));  // a last, partial slab
            }
          }
        }
    };
    search(0, 0);
    // Slabs whose CTAs leave an SM under 8 warps (large matrices, one or two warps a CTA and a
    // few CTAs an SM by their shared memory) wait on latency: on the H200 (2026-12-01, a map
    // of 30 problems beside torch and JAX) 2455x46x230x17 f32 took one matrix of 6 x 6 tiles
    // in 32 threads, 3 CTAs an SM, at 22 % of copy (0.48x the best peer). Those take the
    // best config an SM holds 16 warps of (or the most warps), the micro-tiles shrunk along
    // the longer side of C only where M is the longer: where M is not, the rows a tile are
    // kept. Forced side by side (43 shapes of three map draws whose pick this moves, call 5
    // of bench/results/stack-1201c): shrinking either side ran 0.63-2.31x the pick (geomean
    // 1.11x), losing where a few rows spanned by one tile were split (2388x7x120x117 f32
    // 0.64x, 2154x3x74x226 f32 with A shared 0.63x); keeping the rows 0.76-1.97x, losing on
    // tall outputs (2059x44x248x25 f32 0.76x, 2055x114x140x9 f32 0.89x); the two by M and N
    // 0.80-2.31x, geomean 1.17x (2455x46x230x17 2.31x, 2671x99x137x2 f32 40 -> 72 % of copy,
    // 1485x5x53x213 f64 46 -> 77 %).
    if (best > 0 && warps_sm(c) < 8) search(16, p.m <= p.n ? c.rm : 0);
    // f32 one-matrix slabs in CTAs of 160 threads or more ask for two CTAs an SM (a register
    // cap of 65536 / (2 x threads)): without it ptxas gave micro-tiles of 5 x 7 to 9 x 4 in
    // 224-384 threads 123-166 registers, one CTA an SM. On the H200 (2026-11-30, forced side
    // by side, f32 sides 40-128 of 40-100 KB): the 12 shapes that took one CTA an SM gained
    // 1.23-1.59x (82x78x117 26 -> 42 % of copy, 87x48x109 33 -> 49 %, 104x54x115 33 -> 50 %,
    // 108x109x124 28 -> 36 %; small spills at 288-384 threads); 12 that fitted two already
    // ran 0.92-1.21x (125x113x40 1.21x, 70x94x89 0.92x, 97x126x86 0.96x, nine 1.00-1.08x).
    // (Smaller f32 slabs from 160 threads get the directive where ptxas holds them to one CTA
    // an SM: Runtime::Impl::settle, which compiles the kernel and reads its registers.)
    if (p.dtype == DType::f32 && !tall_out && c.mats == 1 && c.threads >= 160 && per_mat * esz >= 40 * 1024) c.minb = 2;
    // Reductions of 1 to 3, where C's writes are most of the traffic and a multiply-add per
    // shared-memory read counts for little: micro-tiles of 2 x 1 (1 x 2 for one row), C
    // written from registers (cs = 0), slabs of about 12 KB of A, B and C together, and a
    // thread for every 100 bytes or so. Tuned on the H200 (2026-12-01, 5 such shapes the
    // heuristic had given large micro-tiles with C staged, 58-65 % of copy): the winners were
    // 2 x 1, 1 x 2 or 2 x 2 tiles without C staged in 128-512 threads, 98-194 bytes of A, B
    // and C a thread, 1.26-1.46x faster (7539x61x3x36 f64 59 -> 86 %, 57164x20x2x28 f32 65 ->
    // 84 %, 47892x41x3x15 f32 64 -> 83 %, 46699x11x3x55 f32 58 -> 74 %). Through dispatch
    // (a fresh draw of 24 shapes the rule moved, seed 3501, broadcast operands among them):
    // with N from 4, 0.86-1.64x, 15 of 16 faster, geomean 1.26x (38226x15x3x52 f32 49 -> 81 %
    // of copy, 7402x38x3x59 f64 52 -> 80 %, 56990x65x1x4 f64 60 -> 90 %); with N of 1-3, where
    // a warp's writes of 2 x 1 tiles stride C's short rows, 0.42-1.19x (551470x33x1x2 f32
    // with A shared 91 -> 39 %): N from 4 only.
    if (p.k <= 3 && p.n >= 4 && !tall_out)
      if (const auto s = short_k_slab(step)) return *s;
    // Reductions of 4-14 in CTAs of up to 128 threads: the same runs copied by the threads'
    // 16-byte cp.async (tma = 2) instead of the TMA unit. On the H200 (2026-12-02) the bulk
    // copies held a streaming slab (no product, bench/results/probe-1203/pattern.cu) to 85-91 %
    // of the copy bandwidth whatever its CTAs, slab size and stores, where cp.async reached
    // 90-100 % (97-100 % with C's bulk store, one slab a CTA). Forced side by side on 117 problems the heuristic gives this slab, tma = 2 ran
    // 0.76-1.16x (geomean 1.02x): 1.07-1.14x on all 9 with K of 4-14 in up to 128 threads
    // (10^3 f32 89 -> 101 % of copy, 14^3 f64 88 -> 98 %), mixed past K of 14 (0.86-1.16x) and
    // in larger CTAs (38x5x47 f32 in 224 threads 0.78x). Through dispatch on a fresh draw of
    // 16 the rule moves: 0.98-1.17x, geomean 1.05x (32x9x5 f32 90 -> 102 %). Only the family
    // timed: sides up to 48, no tall or wide outputs.
    // Past K of 14 the split is the runs' alignment: where each slab's runs of A and B are
    // whole 32-byte sectors (so every slab starts on a sector boundary) the threads' copies
    // won, where they are not the bulk copies did. Of the 77 FMA slabs of the 117 above with
    // K of 15-128 in up to 128 threads: runs of whole sectors 49, tma = 2 0.90-1.16x, geomean
    // 1.07x (16^3 f32 89 -> 99 % of copy, 12x20x16 f64 88 -> 98 %, 9x30x11 f64 1.13x; 5 slower,
    // 36x52x26 f32 0.90x, 5x80x7 f64 0.94x); the other 28 0.88-1.03x, geomean 0.95x (5x19x16
    // f32 with A's runs of 4560 bytes 0.88x, 25^3 f32 0.93x; two faster). (The tensor-core
    // slabs are picked above, with the same rule.) On fresh draws: forced (40
    // shapes, M and N of 2-32, bench/results/tma2k-1202) the FMA slabs of up to 128 threads
    // with whole-sector runs 0.92-1.11x, geomean 1.06x (17), the others 0.83-1.10x, geomean
    // 0.91x (17); through dispatch, 24 shapes the rule moves (M and N of 2-48), 0.90-1.13x,
    // geomean 1.07x, 21 faster (7x16x39 f32 90 -> 101 % of copy, 30x30x8 f64 87 -> 98 %),
    // 15x120x14 f64 0.90x, 17x96x12 f32 0.95x.
    if (p.k >= 4 && (p.k <= 14 || (p.k <= 128 && sector_runs(p, c) && std::min(p.m, p.n) >= 2)) && c.threads <= 128 &&
        c.st == 0 && !tall_out && std::max(p.m, p.n) <= 48)
      c.tma = 2;
    // Matrix-vector products (N = 1, M of 2-48, K of 15-96, up to 128 threads) take the
    // threads' copies too, their slab's matrix count multiplied by the smallest of 2, 4 or 8
    // that makes its runs whole sectors where the pick's are not (threads for one micro-tile
    // each). Forced on the H200 (2026-12-02, bench/results/round-1202, 24 fresh shapes, K of
    // 15-128): the 9 with whole-sector runs 0.91-1.15x their bulk copies, geomean 1.07x
    // (96277x38x19x1 f32 87 -> 99 % of copy, 45072x48x16x1 f64 0.91x); the other 15 with
    // their count multiplied 0.99-1.13x, geomean 1.04x (85130x48x17x1 f32 90 -> 102 %), where
    // the threads' copies at the pick's count ran 0.99x. Through dispatch on a fresh draw of
    // 24 the rule moved: 0.89-1.14x, geomean 1.05x, 16 faster (107296x34x19x1 f32 86 -> 98 %),
    // 3 slower, all with K of 99-112 (15809x20x112x1 f64 0.89x, 17861x41x99x1 f32 0.92x): of
    // the 48 shapes, those with K past 96 ran geomean 0.97x (5), the others 1.06x (43), hence
    // K up to 96; a second fresh draw of 24 with K of 15-96: 0.91-1.13x, geomean 1.05x, 16
    // faster (106990x26x25x1 f32 86 -> 97 %), 4 slower, whole-sector picks with K of 16-24 of
    // 18-23 KB (48449x30x24x1 f64 0.91x, 50200x43x16x1 f64 0.92x; others of the kind gained,
    // 52011x37x18x1 f64 1.14x). (For matrices, sides 9-48, multiplying the count lost: 26
    // shapes, geomean 0.92x for FMA slabs, 0.81x on the tensor cores, 33^3 f32 0.94x.)
    else if (p.n == 1 && p.m >= 2 && p.m <= 48 && p.k >= 15 && p.k <= 96 && c.threads <= 128 && c.st == 0 &&
             c.tma == 1 && !p.bcast_a() && !p.bcast_b() && !one_column && best > 0) {
      KernelConfig t = c;
      for (int r : {1, 2, 4, 8}) {
        t.mats = c.mats * r;
        if (t.mats <= p.batch && sector_runs(p, t)) break;
        t.mats = 0;
      }
      if (t.mats > 0) {
        const std::int64_t units = t.mats * ceil_div(p.m, c.rm) * ceil_div(p.n, c.rn);
        t.threads = static_cast<int>(std::max<std::int64_t>(c.threads, ceil_div(units, 32) * 32));
        t.tma = 2;
        if (!check(p, t, d, align_bytes)) c = t;
      }
    }
    if (best > 0 && !check(p, c, d, align_bytes) && (c.tma == 2 || !one_column)) return c;
  }
  if (one_column) return *one_column;
  // f64 products from 24 x 24 up run on the FP64 tensor cores (run 2: 25^3 f64 went from
  // 59 % to 85 % of the copy bandwidth).
  // Only where the tiles fit the matrix: 33^3 in 32-tiles ran at 30 % (run 3).
  const int tm = p.m >= 48 ? 64 : 32, tn = p.n >= 48 ? 64 : 32;
  if (p.dtype == DType::f64 && p.m >= 24 && p.n >= 24 && p.k >= 8 && d.cc_major >= 8 && fits(p.m, tm) &&
      fits(p.n, tn)) {
    if (const auto s = snug_dmma(tm, tn, staged64)) return *s;
    const KernelConfig c = dmma_tile(tm, tn);
    // Both sides from 48: the 64x64 tile of four warps (4x4 mma tiles each), fed by three
    // cp.async stages, K steps of 16 where K allows. On the H200 (2026-11-30, C written in
    // 16-byte pairs) 127.3 us on 64^3 and 158.4 us on 128^3 f64, against 136.0 and 177.3 us
    // for the 32x64x8 tile of two warps with two CTAs a multiprocessor asked for, the
    // previous choice. Other tiles are staged from K = 16 (above).
    if (staged64 || p.k >= 16)
      if (const KernelConfig a = staged(c); !check(p, a, d, align_bytes)) return a;
    if (!check(p, c, d, align_bytes)) return c;
  }
  // Small slabs in small CTAs kept the most loads in flight: the tuned winners of run 2
  // staged 4-13 KB in 64-128 threads (bench/NOTES.md).
  constexpr std::int64_t kSlabTarget = 8 * 1024;
  if (p.m <= 64 && p.n <= 64 && (per_mat + fixed) * esz <= 40 * 1024) {
    // Reductions of 1 to 3 with N from 4 take the bulk-copied slab of the short reductions
    // here too (below the work bound of the micro-tile search), except f32 matrices of up to
    // 4 rows, whose whole columns (below) ran faster, and matrices of 2 rows. On the H200
    // (2026-12-01, forced beside the threads' slabs that took them, 16 shapes of M 2-23 drawn
    // with seed 3701): 1.04-1.78x on 11 (55473x16x2x17 f64 47 -> 83 % of copy, 209497x8x1x19
    // f32 54 -> 75 %, 185643x13x2x5 f64 71 -> 89 %, 125838x4x1x29 f64 74 -> 86 %), 0.97x on
    // 160944x19x3x8 f32; of the f32 ones of 2-4 rows 0.91x and 0.98x (3x2x5, 4x2x13), 1.01x
    // (2x2x35). Through dispatch (fresh draws, seeds 4201 and 4301, B shared in some): 18
    // shapes at 0.89-2.51x, geomean 1.26x, where 72115x2x2x64 f64 lost (0.89x: 2 rows left
    // out since), then 14 at 0.95-2.62x, geomean 1.32x (66021x18x1x14 f64 34 -> 88 %).
    if (d.cc_major >= 9 && align_bytes >= 16 && slab_ops && p.packed_c() && p.k <= 3 && p.n >= 4 && p.m >= 3 &&
        (p.dtype == DType::f64 || p.m >= 5))
      if (const auto s = short_k_slab(whole_units_step())) return *s;
    KernelConfig c;
    c.family = Family::slab;
    const std::int64_t room = std::max<std::int64_t>(kSlabTarget - fixed * esz, kSlabTarget / 2);
    std::int64_t mats = per_mat == 0 ? 256 : std::max<std::int64_t>(1, room / (per_mat * esz));
    // Two matrices a CTA at least where two fit 24 KB: on the H200, for matrices of 4-12 KB
    // (8x64x8, 8x128x8 f32, 6x64x6, 5x80x7, 8x48x8 f64) one matrix a CTA reached 61-90 % of
    // copy and two 84-93 %; past 12 KB (8x100x8, 8x128x8 f64) one did better (80 %, 79 %).
    if (per_mat > 0 && 2 * (per_mat + fixed) * esz <= 24 * 1024) mats = std::max<std::int64_t>(mats, 2);
    mats = std::min<std::int64_t>({mats, p.batch, 4096});
    // Widest vector the alignment allows; round mats so every slab starts aligned.
    std::int64_t step = 1;
    for (int v = static_cast<int>(16 / esz); v >= 1; v /= 2) {
      if (v * esz > align_bytes) continue;
      for (auto [packed, e] : {std::pair{p.packed_a(), a}, std::pair{p.packed_b(), b}})
        if (packed) step = std::lcm(step, v / std::gcd<std::int64_t>(e, v));
      c.vec = v;
      mats = ceil_div(mats, step) * step;
      break;
    }
    c.mats = static_cast<int>(mats);
    const std::int64_t outs = p.m * p.n;
    // 4 x 4 only for reductions from 8: with shorter ones (where the work bound leaves a
    // matrix of 256 outputs or more here) the H200 ran 4 x 4 at 19-36 % of copy and 2 x 2
    // at 45-87 % (2026-11-30, forced side by side: 20x2x20 f32 18.7 -> 72.5 %, 16x2x16
    // f32 28 -> 85 %, 16x3x16 f64 35.6 -> 87.2 %, 18x2x18 f64 22.8 -> 44.7 %).
    const int r = outs >= 256 && p.k >= 8 ? 4 : outs >= 32 ? 2 : 1;
    c.rm = static_cast<int>(std::min<std::int64_t>(r, p.m));
    c.rn = static_cast<int>(std::min<std::int64_t>(r, p.n));
    // Short reductions (K <= 6) of matrices with up to 4 rows, or 8: a thread computes a
    // whole column of C (4 rows of 8), and CTAs take a third as many threads as
    // micro-tiles. On the H200 (through dispatch, 2026-11-30) all 9 such shapes measured
    // gained (8x3x6, 4x2x7, 4x3x5, 4x6x2, 4x4x7, 8x3x7, 2x5x4, 3x6x38 f32, 2x2x5 f64:
    // 1.01-1.36x, 60-83 % -> 69-96 % of copy); with 5 to 7 rows it gained on 5x6x8 and
    // 7x6x8 (1.12x, 1.08x) but lost on 7x3x7 (0.65x), and from K = 7 it lost as often as it
    // gained (7x7x8 0.96x, 8x22x1 f64 0.83x, 5x80x7 f64 0.78x: long columns serialise the
    // sums), so those keep the square micro-tiles.
    const bool columns = p.k <= 6 && (p.m <= 4 || p.m == 8);
    if (columns) c.rm = static_cast<int>(std::min<std::int64_t>(p.m, 4)), c.rn = 1;
    const std::int64_t units = c.mats * ceil_div(p.m, c.rm) * ceil_div(p.n, c.rn);
    // No split of K across lanes (ks): on the H200 every narrow long-K product the split
    // was chosen for ran slower with it (8x64x8 f64 42 % of copy, 8x128x8 f32 42 %, 6x64x6
    // f64 47 %, against 79-93 % whole); the tuner still tries it.
    // CTAs of 128 threads at most (a thread takes several micro-tiles where there are more),
    // except f32 reductions of 2 or 3 with 200 outputs or more, up to 256. On the H200
    // (2026-11-30, forced side by side, 14 shapes of sides 2-23 drawn with seed 3133 and two
    // from seed 1130 that had taken 192-256 threads): 128 threads gained on 13 (1.03-1.41x:
    // 7x2x3 f32 1.41x, 10x4x19 f64 1.30x, 18x5x12 f64 1.32x, 6x4x7 f64 1.18x, 14x9x14 f64
    // 1.19x), and lost on 16x2x19 f32 (0.84x), 15x3x16 f32 (0.97x) and 4x16x2 f32 (0.98x).
    // A fresh draw (seed 4141, the 12 shapes this rule changes): 11 gained 1.01-1.36x
    // (13x8x3 f32 65 -> 88 % of copy, 5x9x27 f64 70 -> 83 %), 9x13x3 f64 lost (0.92x).
    const std::int64_t most = p.dtype == DType::f32 && p.k <= 3 && outs >= 200 ? 256 : 128;
    c.threads = static_cast<int>(std::clamp<std::int64_t>(ceil_div(units, columns ? 96 : 32) * 32, 64, most));
    // No register directive: ptxas then allocates what the code needs (40-100 registers
    // for these kernels), which lets many small CTAs share a multiprocessor.
    c.minb = 1;
    // Narrow outputs of small matrices (M up to 24, K up to 32, N of 1-3, no operand shared): two
    // buffers (the next slab's A and B copied in with cp.async while this one is multiplied)
    // in a persistent grid of two CTAs an SM, 256 threads (512 past 16 rows), slabs of about
    // 32 KB of A and B.
    // The tuner chose two buffers for 7 of 8 such shapes (2026-12-01, 1.11-1.29x the
    // heuristic's threads' slab at 69-83 % of copy). Forced on the H200 beside the threads'
    // slab (14 shapes of sides 2-14 drawn with seed 1332, six sizes of CTA, slab and grid):
    // this one ran 1.01-1.23x on all 14, geomean 1.09x (535714x8x4x2 f32 74.6 -> 79.7 % of
    // copy, 258620x13x6x2 f32 75.6 -> 88.7 %, 163043x10x6x2 f64 82.3 -> 94.3 %); 512 threads
    // the same (1.01-1.22x), 16 KB slabs in four CTAs an SM 0.92-1.19x, 8 KB in eight
    // 0.89-1.18x. Only where each CTA gets 8 slabs or more. Through dispatch (a fresh draw,
    // seed 1342, the builds before and after alternating): 15 shapes moved, 0.97-1.24x,
    // geomean 1.06x (772428x6x2x1 f64 75.5 -> 93.8 % of copy, 207146x16x15x1 f32 83.4 ->
    // 96.6 %, 294829x8x8x2 f32 78.0 -> 89.0 %). The suite's shapes forced with both
    // heuristics: 1.05-1.13x on 3x5x1, 3x10x1, 3x15x1 f32 and 3x3x3 f64, 0.97-0.99x on
    // 3x5x1 and 3x15x1 f64, and 2x2x2 lost (f32 0.91x, f64 0.81x): matrices whose A and B
    // take 80 bytes or more. Past those sides (forced, seed 1351, 8 shapes a family): K of
    // 17-32 1.07x geomean (0.98-1.15x; 143538x14x19x1 f32 79.7 -> 91.5 % of copy); M of 17-24
    // 1.05x in 256 threads and 1.11x in 512 (1.01-1.25x: 78055x21x5x1 f64 69.8 -> 87.2 %,
    // 90989x17x12x3 f64 77.8 -> 94.3 %), so 512 there; N of 4-8 0.97x (0.88-1.05x): not.
    if (p.m <= 24 && p.k <= 32 && p.n <= 3 && fixed == 0 && per_mat * esz >= 80 && d.cc_major >= 8) {
      const std::int64_t m2 = std::max<std::int64_t>(step, 32 * 1024 / (per_mat * esz) / step * step);
      KernelConfig t = c;
      t.mats = static_cast<int>(m2), t.threads = p.m > 16 ? 512 : 256, t.grid = 2, t.st = 2;
      if (p.batch >= 8 * m2 * 2 * std::max(1, d.sm_count) && !check(p, t, d, align_bytes)) return t;
    }
    if (!check(p, c, d, align_bytes)) return c;
  }
  // f64 left over: the DMMA tile of leftover_dmma (above).
  if (p.dtype == DType::f64 && p.m >= 17 && p.n >= 17 && p.k >= 4 && d.cc_major >= 8)
    if (const auto c = leftover_dmma()) return *c;
  // f32 sides from 48 to 120 left to the tiled family (a matrix past the slab's 100 KB, a
  // long reduction; any matrix off sm_90): one tile of the sides rounded up to 8, 8 x 8 a
  // thread, four cp.async stages. On the H200 (2026-11-30, forced beside the 64 x 64
  // register-fed tile, 21 shapes in three draws): 20 gained 1.04-2.78x (70x400x75 14 -> 35 %
  // of copy, 50x600x60 34 -> 43 %, 100x150x100 21 -> 33 %, 51x241x72 21 -> 45 %);
  // 109x96x109 lost (0.88x, 112 x 112 in 196 threads; on sm_90 it takes the slab above).
  // The same with the other side of 17-47, up to 128 (past 120 the heuristic's 64 x 64 or
  // 128 x 64 tiles), in place of the register-fed 64 x 64, 64 x 32 and 32 x 64 tiles of
  // 4 x 4 and 2 x 4, with 8 x 4 a thread (4 x 4 where 8 x 4 leaves fewer than 64 threads):
  // these are mostly long reductions, where 8 x 8 left one or two warps a CTA (44x567x59:
  // 48 threads, 183 registers, 8 warps an SM, half the issue slots idle). On the H200
  // (2026-12-01, forced side by side, 24 shapes of K 227-881: 8 of the draws of seeds 7070
  // and 7171, 16 drawn with seed 1201) 1.03-1.56x on 22 (44x567x59 1.42x, 106x634x18 1.56x,
  // 19x704x72 1.49x, 128x368x41 1.30x), 0.98x and 1.00x on 2, geomean 1.24x; 4 x 8 a thread
  // was slower than 8 x 4 on 30 of 32 timed both ways (1-2 % faster on the other 2).
  // With both sides from 48, 8 x 4 was 0.79-1.24x of 8 x 8 (geomean 1.02x on 11): 8 x 8 kept.
  if (p.dtype == DType::f32 && d.cc_major >= 8 && std::min(p.m, p.n) >= 17 && std::max(p.m, p.n) >= 48 &&
      std::max(p.m, p.n) <= (std::min(p.m, p.n) <= 47 ? 128 : 120)) {
    KernelConfig c = heuristic_tiled(p, d, align_bytes);
    c.bm = static_cast<int>(ceil_div(p.m, 8) * 8), c.bn = static_cast<int>(ceil_div(p.n, 8) * 8);
    c.bk = 8, c.st = 4;
    if (std::min(p.m, p.n) >= 48) c.rm = 8, c.rn = 8;
    else if (c.bm * c.bn / 32 >= 64) c.rm = 8, c.rn = 4;
    else c.rm = 4, c.rn = 4;
    // Both sides from 90 and M from 105: the tile is split in two CTAs of 64 rows, which pads M
    // by at most 1.22 times and halves a CTA of 6-8 warps. On the H200 (2026-12-01, forced
    // beside the one tile, 25 shapes of sides 90-120 drawn with seeds 1218 and 1301): CTAs of
    // 64 rows gained on all 13 with M from 105 (1.02-1.36x, 1503x113x157x119 20 -> 27 % of
    // copy) and lost on 4 of 12 below (0.78-0.88x at 93-104 rows, which 128 pads 1.23-1.38
    // times); a fresh draw through dispatch (seed 1601): 0.98-1.38x on the 9 with M from 105,
    // geomean 1.15x (1648x116x137x117 20 -> 27 %). Splitting N instead where M is under 105
    // (64 columns) ran 0.85-1.29x on 6: not kept.
    if (std::min(p.m, p.n) >= 90 && p.m >= 105) c.bm = 64;
    c.threads = c.bm * c.bn / (c.rm * c.rn);
    if (!check(p, c, d, align_bytes)) return c;
  }
  // Tall and wide outputs past the slab's bounds (a side past 128, the other 3-16; f64 takes
  // the DMMA tiles of narrow_dmma first): a tile of 64 along the long side (128 where a
  // narrow side of 4 would leave one warp short), the narrow side rounded up to 8 (4 from 3
  // or 4), 8 x 2 a thread, four cp.async stages where the narrow tile is 8 or more. On the
  // H200 (2026-11-30, forced beside the 128 x 16 and 16 x 128 tiles that took them, 6 shapes,
  // two drawn): 5x90x700 f32 31 -> 94 % of copy, 3x51x750 f64 34 -> 91 %, 600x40x10 f64 54 ->
  // 78 %, 292x60x14 f64 42 -> 75 %, 876x42x6 f32 42 -> 58 %, 927x37x8 f32 44 -> 56 %.
  if (const auto c = narrow_dmma(p, d, align_bytes)) return *c;  // f64: tiles on the FP64 tensor cores
  // The same tiles for the narrow products up to 128 a side that reach this point (f32 with
  // A and B past the slab's 100 KB and a side up to 16), in three stages: on the H200
  // (2026-11-30, forced beside the register-fed 16 x 64 and 64 x 16 tiles that took them, 10
  // shapes drawn with seed 123, K 191-248) 1.20-2.43x on every one (6x248x115 24 -> 59 % of
  // copy, 126x201x7 30 -> 48 %, 9x211x117 26 -> 47 %); four stages lost on 126x201x7 (0.91x).
  const bool past = std::max(p.m, p.n) > 128;
  if (d.cc_major >= 8 && std::min(p.m, p.n) <= 16 && (past ? std::min(p.m, p.n) >= 3 : p.k >= 8)) {
    KernelConfig c = heuristic_tiled(p, d, align_bytes);
    const std::int64_t small = std::min(p.m, p.n);
    const int narrow = small <= 4 ? 4 : static_cast<int>(ceil_div(small, 8) * 8);
    const int along = (narrow / 2) * (64 / 8) < 32 ? 128 : 64;
    const bool tall = p.m >= p.n;
    c.bm = tall ? along : narrow, c.bn = tall ? narrow : along;
    c.rm = tall ? 8 : 2, c.rn = tall ? 2 : 8;
    c.bk = 8, c.st = narrow >= 8 ? (past ? 4 : 3) : 0;
    c.threads = (c.bm / c.rm) * (c.bn / c.rn);
    if (!check(p, c, d, align_bytes)) return c;
  }
  // f32 outputs of M past 128 and N of 33-47 with short reductions (K up to 64), left to the
  // register-fed 128 x 64 tile of heuristic_tiled (256 threads, most of its 64 columns
  // padding): 64 x 48, 4 x 6 a thread, 128 threads. On the H200 (2026-12-01, forced beside
  // it, two shapes of two draws) 4191x210x36x42 26 -> 42 % of copy (1.60x; 1.26x over the
  // 32^3 record's 32 x 32 tile that dispatch had lent it) and 5111x238x14x45 30 -> 54 %
  // (1.84x), ahead of the 32 x 48 tiles of 48 and 96 threads and of the same tile in three
  // stages.
  // Through dispatch (2026-12-01, a fresh draw of 12 shapes of this family, seed 4102, the
  // builds before and after alternating) 1.00-2.40x, geomean 1.50x (1516x502x3x46 29 -> 69 %,
  // 4028x265x1x34 26 -> 56 %). The mirror, N past 128 and M of 33-47, takes 48 x 96 of 8 x 6
  // in 96 threads (the tuner's winner on 4146x37x2x230, 2.82x the heuristic): forced beside
  // 48 x 64 of 6 x 4 and 48 x 128 of 8 x 8 (22 shapes of seeds 4102 and 4201) it ran
  // 0.79-3.44x the first, 18 faster, geomean 1.37x (1844x43x2x450 22 -> 76 % of copy,
  // 2520x41x4x327 39 -> 71 %; 2992x38x13x236 0.79x), and 48 x 128 0.58-2.10x (geomean 0.93x).
  // The transposed tiles lose on the tall family: 96 x 48 of 6 x 8 0.37-1.00x, 128 x 48
  // 0.34-0.94x the 64 x 48 tile (12 shapes). Through dispatch (10 fresh shapes, seed 4401)
  // 1.08-3.18x, geomean 1.61x (686x39x2x1330 24 -> 75 %, 964x43x18x625 22 -> 42 %).
  if (p.dtype == DType::f32 && d.cc_major >= 8 && p.k <= 64 &&
      ((p.m > 128 && p.n >= 33 && p.n <= 47) || (p.n > 128 && p.m >= 33 && p.m <= 47))) {
    KernelConfig c = heuristic_tiled(p, d, align_bytes);
    const bool tall = p.m > 128;
    c.bm = tall ? 64 : 48, c.bn = tall ? 48 : 96, c.rm = tall ? 4 : 8, c.rn = 6;
    c.bk = 8, c.st = 0, c.threads = tall ? 128 : 96, c.minb = 1;
    if (!check(p, c, d, align_bytes)) return c;
  }
  // f32 outputs with a side past 128 and the other from 48, left to the register-fed tiles
  // of heuristic_tiled (128 x 128 in 256 threads, one CTA an SM at 128-167 registers, its next
  // chunk's loads held in registers): CTAs of 128 threads fed by four cp.async stages, the
  // tile that pads the output least among sides of 48, 64, 96 and 128 (micro-tiles of 6 or 8
  // a side), weighed by what a padded multiply-add cost on each. On the H200
  // (2026-12-01, 14 shapes of this family drawn with seed 2101, eight tiles forced side by
  // side) the time over the padded work was 0.059 ps a multiply-add (median) on 64 x 128 and
  // 64 x 96, 0.062 on 48 x 128 and 48 x 96, 0.063-0.064 on 128 x 64, 96 x 96, 128 x 96 and
  // 96 x 64; the padded work predicted the fastest of the eight on 12 of the 14 (1.00-1.15x
  // its time), where the fixed 64 x 128 (128 x 64 with N under 128) of 909a424 ran
  // 0.67-1.0x the fastest (519x137x273x261: 48 x 96 1.71x over the 128^3 record's 32 x 128
  // tile, 1282x118x63x282: 64 x 96 1.49x over 64 x 128). That fixed tile had replaced the
  // register-fed 128 x 128 at 1.18-1.77x (7 shapes, seeds 1302 and 1303).
  if (d.cc_major >= 8 && fma_wide_output(p)) {
    struct Tile {
      int bm, bn, rm, rn;
      double cost;  // time over padded work, relative to 64 x 128
    };
    // (96 x 96 and 128 x 96, timed at 1.07, never pad less than one of these at its cost.)
    static constexpr Tile tiles[] = {{64, 128, 8, 8, 1.00}, {64, 96, 8, 6, 1.00},  {48, 128, 6, 8, 1.05},
                                     {48, 96, 6, 6, 1.05},  {128, 64, 8, 8, 1.07}, {96, 64, 6, 8, 1.08}};
    // N past 128 with reductions under 160: no tiles 64 wide, and the 96-wide ones at 0.9 of
    // their cost. Forced beside the others on the H200 (2026-12-01, 12 shapes of N 289-400
    // where the padding picked 128 x 64 or 96 x 64, seed 2601): on all 10 with K of 10-98 a
    // 96-wide tile ran fastest, 1.14-2.51x the pick (1269x179x12x298 309.7 -> 126.7 us,
    // 579x380x14x315 2.51x, 831x247x28x303 1.66x), and 64 x 96 ran 1.05-1.63x 64 x 128 (1.57x
    // and 1.63x where both pad N alike: 1440x151x10x314, 1269x179x12x298); on the 2 with K of
    // 209 and 326 the pick ran fastest (1.07x and 1.04x the next).
    const bool wide_short = p.n > 128 && p.k < 160;
    const Tile* pick = nullptr;
    double best = 0;
    for (const Tile& t : tiles) {
      if (wide_short && t.bn == 64) continue;
      const double scale = wide_short && t.bn == 96 ? 0.9 : 1.0;
      const double work = scale * static_cast<double>(ceil_div(p.m, t.bm) * t.bm) *
                          static_cast<double>(ceil_div(p.n, t.bn) * t.bn) * t.cost;
      if (!pick || work < best) pick = &t, best = work;
    }
    KernelConfig c = heuristic_tiled(p, d, align_bytes);
    c.bm = pick->bm, c.bn = pick->bn, c.rm = pick->rm, c.rn = pick->rn, c.bk = 8, c.st = 4;
    c.threads = (c.bm / c.rm) * (c.bn / c.rn);
    if (!check(p, c, d, align_bytes)) return c;
  }
  return heuristic_tiled(p, d, align_bytes);
}

}  // namespace

std::vector<Candidate> regroup_options(const GemmProblem& problem, const DeviceInfo& d, int align_bytes) {
  const GemmProblem p = norm(problem);
  std::vector<Candidate> out;
  auto add = [&](const GemmProblem& q, KernelConfig c, int rows, int tr) {
    if (check(q, c, d, align_bytes)) return;
    const double t = predict_seconds(q, c, d);
    c.rows = rows, c.tr = tr;
    out.push_back({c, t});
  };
  // The stack of the batch's rows (tr = 0), and of the transpose's (tr = 1: A shared, B and
  // C column-major), each divided into matrices of R rows where R divides it.
  for (const int tr : {0, 1}) {
    const GemmProblem s = tr ? transposed(p) : p;
    const std::int64_t total = s.batch * s.m;
    std::vector<std::int64_t> rows;  // each checked below (layouts, strides, divisibility)
    if (s.batch > 1 && total <= kMaxKernelDim) rows.push_back(total);
    for (std::int64_t r = 1; r <= std::min<std::int64_t>(128, total / 2); ++r)
      if (total % r == 0) rows.push_back(r);
    bool any = false;
    for (std::int64_t r : rows) {
      if (regroup_check(s, r)) continue;
      const GemmProblem q = regroup(s, r);
      add(q, heuristic_as_given(q, d, align_bytes), static_cast<int>(r), tr);
      any = true;
    }
    // The transpose's matrices as they are (its rows stack, so they are matrices of a few rows).
    if (tr && any) add(s, heuristic_as_given(s, d, align_bytes), 0, 1);
  }
  // The batch's columns side by side against a shared A (cols: B and C row-major): groups
  // whose G x N columns are whole multiples of the tiles' widths (32-128), and one of about
  // 256 columns, each on the heuristic's tile for the group matrix.
  if (p.n >= 2 && !cols_check(p, 2)) {
    std::set<std::int64_t> groups;
    for (const std::int64_t w : {32, 48, 64, 96, 128}) groups.insert(std::lcm(p.n, w) / p.n);
    groups.insert(ceil_div(256, p.n));
    for (const std::int64_t g : groups) {
      if (g < 2 || g > p.batch || cols_check(p, g)) continue;
      const GemmProblem q = column_groups(p, g);
      KernelConfig c = heuristic_as_given(q, d, align_bytes);
      if (c.family != Family::tiled) c = heuristic_tiled(q, d, align_bytes);
      if (check(q, c, d, align_bytes)) continue;
      const double t = predict_seconds(q, c, d);
      c.cols = static_cast<int>(g);
      if (!check(p, c, d, align_bytes)) out.push_back({c, t});
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Candidate& x, const Candidate& y) { return x.predicted_s < y.predicted_s; });
  return out;
}

// Where the batch's rows form one stack against one B (B shared by the batch, or a batch of
// one: regroup_check), the same product may run as one tall product or as many short ones
// cut from the stack, and the heuristic's kernels for those differ by up to 20 times: the
// slabs keep a shared B whole in every CTA, which single rows against a large B cannot
// repay, and the tiles of a batch of one tall product leave skinny outputs (N of 1-30) to
// thin CTAs. The cost model weighs the heuristic's pick for the problem as given against
// its picks for the stack as one product and as matrices of 1-128 rows (those dividing it),
// and the best regrouping serves where it is predicted at most 0.7 times the time (0.35 for
// f32 FMA tiles of 64 a side or more, which the model flatters). On the H200 (2026-12-01):
// 27 problems with B shared (seed 4101), each timed as given, as one product and as matrices
// of about 32 rows: predictions at 0.7 or under picked 8 regroupings, all faster (1.15-20x:
// 117924x1x110x49 f64 3 -> 65 % of copy, 138888x1x57x78 f64 13 -> 57 %). Through dispatch,
// the builds before and after alternating, two fresh draws (seeds 4201 and 4301): with B
// shared, 10 regrouped at 0.79-2.62x, where the two slower (0.89x, 0.79x) were f32 FMA tiles
// of 64 x 128 and 128 x 64 predicted at 0.50 and 0.53 (hence 0.35 for those), then 12 at
// 0.97-2.11x, geomean 1.49x (390625x1x20x28 f64 30 -> 76 %, 17107x8x101x36 f64 24 -> 63 %,
// 76219x6x31x10 f64 51 -> 91 %); batches of one tall product, 16 at 1.15-7.30x, geomean 2.07x
// (1x9375000x1x1 f64 11 -> 79 %, 1x4166656x7x2 f32 36 -> 79 %, 1x1041408x9x9 f64 66 -> 91 %).
//
// Stacks whose outputs are 1-3 columns wide that the rules leave to thin FMA tiles (128 x 4
// in one warp, 8 x 2 a thread: a tall product, or a shared B's stack as one product). The
// model puts those tiles and every division of the stack within a few per cent of the floor;
// on the H200 the tiles ran at 36-86 % of copy and short matrices cut from the stack, in
// the threads' slabs (no bulk copies), faster (2026-12-01, 8 tall products, every division
// the model ranks first forced: 1x4686848x5x3 f32 45 % as given, 90 % as 2-row matrices,
// 1x2343000x5x3 f64 66 -> 93 % as 5-10 rows). So where the pick is such a tile, the fewest
// rows from 2 (then 1) whose pick is a threads' slab serve, if the model puts them within
// 1.15 times its best division. Through dispatch, the builds before and after alternating,
// two fresh draws: 10 shapes 1.00-1.72x (1x3750000x7x3 f32 53 -> 91 % of copy,
// 1x3125000x3x3 f64 64 -> 92 %), then 16 at 0.97-2.27x, geomean 1.35x (1x1249280x27x3 f32
// 36 -> 82 %, 1x2082816x15x3 f32 45 -> 84 %, 12677x58x48x3 f32 with B shared 58 -> 74 %).
// Not for other picks: where it was a DMMA tile (f64, K of 39-52) the short matrices lost
// (0.82-0.96x on 4), and where it was a slab they ran 0.86-1.68x, geomean 1.01x (26 shapes).
//
// Single tall products (a batch of one) with N of 1-3 and K of 1-32, where the pick is a
// slab or such an FMA tile: the model puts every division of the stack within a few per
// cent; on the H200 (2026-12-01, forced, 12 shapes of seed 1205) matrices of 16 rows in the
// threads' slab ran at 84-99 % of copy on all 12 (geomean 1.12x the pick), single rows
// 82-99 %, divisions of 2, 4 and 8 rows 56-78 % on some, and bulk-copied slabs of 32-117 rows
// 77-92 % where N = 1. With N = 3, 16 rows beat single rows on all 6 shapes timed (1.07-1.11x,
// seed 1331) and 2 rows on 4 of 4 (1.02-1.05x); with N = 2 single rows beat 16 on 3 of 4
// (1.04-1.07x; 0.94x on 1x1088400x30x2 f32). So 16 rows for N = 1 and 3, single rows for
// N = 2 and for N = 1 where 16 rows are not a threads' slab. Through dispatch, the builds
// before and after alternating: seed 1301, 12 moved, 0.99-1.43x, geomean 1.12x
// (1x5356868x6x1 f32 69 -> 99 % of copy, 1x3124083x4x2 f64 77 -> 97 %); seed 1321 (an
// earlier form: 16 rows first for N = 2 as well) 17 moved, 0.92-1.29x, geomean 1.04x, the
// two losses N = 2 in 16 rows; seed 1341, 11 moved, 0.92-1.10x, geomean 1.00x (0.92x on
// 1x645088x25x3 f64 against a bulk-copied slab of 76 rows). With B shared by a batch (10
// shapes, seed 1301) 0.88-1.11x, geomean 1.01x: batches of one only.
// In f32 with K of 1-2 the product is bound by writing C (N to 3 times what it reads), and
// bulk-copied slabs, whose C leaves shared memory by bulk copies, do better: forced on the
// H200 (2026-12-01, seeds 2302 and 2304, 8 shapes, two rounds), the model's first such slab
// of at most 160 threads ran at 93-98 % of copy on all 8 where the rule above gave 73-91 %
// (1.08-1.28x; 1x9374992x1x3 73 -> 94 %, 1x12218448x1x3 74 -> 95 %); one of 416 threads ran
// at 78 %. In f64 the same slabs ran 70-96 % where the rule gives 47-97 % (two of 8 lost
// 0.71-0.83x): f64 keeps the rule above.
//
// The transpose's stack (tr = 1): with A shared and B and C column-major, or N = 1 (a batch
// of vectors times one matrix), the slab as given re-reads the shared A from shared memory
// for every vector, and the DMMA tiles of one column re-read it from L2 (f64 with K past
// 50: 1-5 % of copy), while the transpose's rows are one stack against one shared A^T,
// whose tiles read it once a tile. On the H200 (2026-12-01, bench/NOTES.md), forced beside
// the matrices as given: 26 shapes (seeds 7301-7302), the heuristic's pick 0.91-20x, geomean
// 1.90x, 13 behind the best of torch and JAX before and 3 after (50000x249x126x1 f64 1.8 ->
// 31 % of copy, 118296x267x50x1 f32 8 -> 26 %). The 0.35 of wide FMA tiles held back two
// that ran 1.54x and 1.95x on 64 x 96 (seed 7304): not applied to tr. Through dispatch,
// the builds before and after alternating on fresh draws: 26 shapes at 0.66-20.6x, geomean
// 1.81x, where the four with K of 1-2 that lost (0.66-0.92x; 7 such shapes in all draws,
// geomean 0.97x) are bound by writing C, which the slab as given stages: K of 3 or more
// only; then 18 at 0.83-25.9x, geomean 2.49x (6183x286x352x1 f64 0.9 -> 16 % of copy,
// 61887x182x75x1 f64 7 -> 45 %, 13007x303x167x1 f32 0.4 -> 9.6 %).
//
// The batch's columns side by side (cols): with A shared and B and C row-major, N of 2 or
// more, G matrices' columns form one product of G x N columns against the shared A, on
// the heuristic's tile for it, where the slab as given re-reads A for every matrix. On the
// H200 (2026-12-01, 29 shapes with N of 2-16, seed 8101 and five older ones, the model's
// three best groupings forced beside the pick): where the model put the best grouping at
// 0.7 of the pick or less, 19 of 20 ran faster, 1.08-3.95x (7211x279x46x8 f64 12 -> 47 %
// of copy, 18382x22x318x3 f64 17 -> 58 %, 6778x257x204x12 f32 4.5 -> 13 %; 23704x79x34x7 f64
// 0.86x); of the 9 it put above that, 8 ran slower (K of 1-57 in f32, where the slabs
// reach 54-92 %: 159574x46x1x5 f32 0.19x). The 0.35 of wide f32 FMA tiles would have kept
// three of the faster ones (66489x65x217x2 f32 1.27x), so it does not apply. Through
// dispatch on a fresh draw (seed 8102, the builds before and after alternating): f64, 6
// moved, all faster, 1.20-6.68x (41666x51x99x3 8 -> 54 % of copy); f32, 8 moved, 2 faster
// and 6 slower, 0.50-0.94x, where the slab as given ran at 20-63 % of copy. Over both sets
// the f32 FMA tiles won where the shared A has 9000 elements or more (9 of 10, 0.88-2.82x,
// geomean 1.47x) and lost below (5 of 6: 41666x31x119x6 0.50x; 161637x104x12x2 1.09x), so
// f32 takes them from there.
namespace {
KernelConfig short_stack_pick(const GemmProblem& p, const std::vector<Candidate>& options) {
  if (p.n > 3 || options.empty()) return {};
  const double limit = 1.15 * options.front().predicted_s;
  const Candidate* pick = nullptr;
  auto rank = [](int r) { return r == 1 ? 1000 : r; };
  for (const Candidate& o : options) {
    const KernelConfig& k = o.config;
    if (k.family != Family::slab || k.tma || k.mma || k.tr || k.rows > 12 || o.predicted_s > limit) continue;
    if (!pick || rank(k.rows) < rank(pick->config.rows)) pick = &o;
  }
  return pick ? pick->config : KernelConfig{};
}

// Single tall products with outputs of 1-3 columns and reductions of 1-32 where the pick is
// a slab or an FMA tile: the threads' slab of 16-row matrices cut from the stack (N = 1 or
// 3), or of single rows (N = 2, and N = 1 where 16 rows are not a threads' slab option).
// See above.
KernelConfig tall_stack_pick(const GemmProblem& p, const std::vector<Candidate>& options) {
  if (p.batch != 1 || p.n > 3 || p.k > 32) return {};
  // f32 with K of 1-2: the model's first bulk-copied slab of at most 160 threads (C staged
  // and stored by bulk copies). See above.
  if (p.dtype == DType::f32 && p.k <= 2)
    for (const Candidate& o : options) {
      const KernelConfig& k = o.config;
      if (k.family == Family::slab && k.tma && k.cs && !k.mma && !k.tr && !k.cols && k.rows > 0 && k.threads <= 160)
        return k;
    }
  const KernelConfig* sixteen = nullptr;
  const KernelConfig* single = nullptr;
  for (const Candidate& o : options) {
    const KernelConfig& k = o.config;
    if (k.family != Family::slab || k.tma || k.mma || k.tr || k.cols) continue;
    if (k.rows == 16) sixteen = &k;
    if (k.rows == 1) single = &k;
  }
  const KernelConfig* pick = p.n == 2 ? single : p.n == 3 ? sixteen : sixteen ? sixteen : single;
  return pick ? *pick : KernelConfig{};
}
}  // namespace

std::optional<KernelConfig> wide_tile_seed(const GemmProblem& problem, const DeviceInfo& d, int align_bytes) {
  const GemmProblem p = norm(problem);
  if (p.dtype != DType::f32) return std::nullopt;
  const KernelConfig given = heuristic_as_given(p, d, align_bytes);
  if (!(heuristic(p, d, align_bytes) == given)) return std::nullopt;  // a regrouping was chosen
  const KernelConfig w = heuristic_as_given(p, d, align_bytes, 72);
  if (w == given || w.rm * w.rn <= 36 || check(p, w, d, align_bytes)) return std::nullopt;
  return w;
}

KernelConfig heuristic(const GemmProblem& problem, const DeviceInfo& d, int align_bytes) {
  const GemmProblem p = norm(problem);
  require_kernel_sizes(p);
  KernelConfig c = heuristic_as_given(p, d, align_bytes);
  // An f32 tile on the FP64 tensor cores (with a shared operand, see f32_dmma_tile) is kept
  // as given, or where B is shared runs the batch's rows as one tall product on a DMMA tile
  // (f32_dmma_stack); not the regroupings' FMA tiles: the model flatters them (H100,
  // 2026-12-07: 587x176x247x106 bcastB on a regrouped 24 x 112 FMA tile ran 0.75x the 64 x 128
  // FMA tile as given), and the tiles as given were what was timed (497x201x242x205 bcastB
  // 1.38x the FMA tile).
  if (p.dtype == DType::f32 && c.family == Family::tiled && c.mma) {
    if (const auto stack = f32_dmma_stack(p, c, d, align_bytes)) return *stack;
    return c;
  }
  auto options = regroup_options(p, d, align_bytes);
  // Where the f32 pick as given is an FMA kernel, its regroupings stay on FMA kernels too (a
  // regrouped problem shares B, so f32_dmma_tile may give it a DMMA tile: not timed).
  if (p.dtype == DType::f32) std::erase_if(options, [](const Candidate& x) { return x.config.mma != 0; });
  // The transpose's stack (tr = 1) where a vector's product reads the shared A at least 3
  // times an output; with K of 1-2 the slab as given is bound by writing C, which it stages.
  if (p.k <= 2) std::erase_if(options, [](const Candidate& x) { return x.config.tr != 0; });
  // The column groups for N of 2-16 (the range timed), and in f32 (FMA tiles) where the
  // shared A has 9000 elements or more; a smaller A leaves the slab as given fast enough
  // (see above). Wider outputs keep them for the tuner.
  if (p.n > 16 || (p.dtype == DType::f32 && p.m * p.k < 9000))
    std::erase_if(options, [](const Candidate& x) { return x.config.cols != 0; });
  if (options.empty()) return c;
  // f64 with A shared, N = 1 and M of 3-8 (a small matrix times many vectors): the
  // transpose's one tall product (tr = 1, rows = batch) where the model gives it the DMMA
  // tiles. On the H200 (2026-12-02, forced beside the heuristic's earlier picks, which the
  // 0.7 rule below had left with the slab as given or a shorter stack; 10 shapes of M 3-8,
  // K 20-194 where the pick changes): 0.91-1.63x, geomean 1.20x (493454x5x43x1 57 -> 79 % of
  // copy, where JAX ran 69 %; 132073x8x120x1 54 -> 88 %; 87088x5x194x1 57 -> 81 %); the one
  // loss, 131604x8x178x1, from 91 % (a stack of 22 rows) to 83 %. M = 2 and M past 8 were
  // not timed.
  if (p.dtype == DType::f64 && p.bcast_a() && p.n == 1 && p.m >= 3 && p.m <= 8)
    for (const Candidate& o : options)
      if (o.config.tr && o.config.rows == p.batch && o.config.family == Family::tiled && o.config.mma)
        return o.config;
  const KernelConfig& r = options.front().config;
  // The model flatters f32 FMA tiles of 64 and more a side (they trail it on the H200):
  // those need a third of the time where they run the stacked rows (tr = 0). The
  // transpose's one product (tr = 1) and the column groups (cols) are weighed against a
  // slab that re-reads the shared A for every matrix, and take them at 0.7 like the rest
  // (see above).
  const bool wide_fma = r.family == Family::tiled && !r.mma && r.bm >= 64 && r.bn >= 64 && !r.tr && !r.cols;
  KernelConfig pick = options.front().predicted_s <= (wide_fma ? 0.35 : 0.7) * predict_seconds(p, c, d) ? r : c;
  if ((pick.family == Family::slab || pick.family == Family::tiled) && !pick.mma && !pick.tr && !pick.cols)
    if (const KernelConfig s = tall_stack_pick(p, options); s.rows > 0) return s;
  if (pick.family == Family::tiled && !pick.mma)
    if (const KernelConfig s = short_stack_pick(p, options); s.rows > 0) return s;
  // The transpose's rows on 128 x 64 FMA tiles of 8 x 8 (its N, the caller's M, of 33-64):
  // 64 x 64 tiles of 8 x 4, half the registers a thread, ran faster on 16 of the 17 shapes
  // timed side by side on the H200 (2026-12-01, seeds 7308 and 7309; the other tied). Where
  // K is 8 or less the slab as given reads the shared A little (M x K reads for M outputs)
  // and stages C: there the 128 x 64 tiles ran 0.35-1.82x it (geomean 0.62x, 12 shapes) and
  // the 64 x 64 ones 0.64-2.19x (0.96x), against 1.34-2.61x for 64 x 64 on the five with K
  // of 14-37 (375997x61x36x1 f32 16 -> 43 % of copy). So 64 x 64 from K of 9, else as given.
  if (pick.tr && pick.family == Family::tiled && !pick.mma && pick.bm == 128 && pick.bn == 64 && pick.rm == 8 &&
      pick.rn == 8) {
    if (p.k <= 8) return c;
    KernelConfig t = pick;
    t.bm = 64, t.rn = 4, t.threads = 128, t.st = 4;
    if (!check(p, t, d, align_bytes)) pick = t;
  }
  return pick;
}

}  // namespace tailor::gen
