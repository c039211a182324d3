// GemmProblem: validation, normalisation, the canonical text form and its parser.
// Every size product is checked for 64-bit overflow before it is used.
#include <charconv>
#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "tailor/error.hpp"
#include "tailor/problem.hpp"

namespace tailor {
namespace {

// a * b, or nullopt-like failure flagged through `ok`.
bool mul(std::int64_t a, std::int64_t b, std::int64_t& out) { return !__builtin_mul_overflow(a, b, &out); }
bool add(std::int64_t a, std::int64_t b, std::int64_t& out) { return !__builtin_add_overflow(a, b, &out); }

// Raw description for error messages (works on unvalidated problems).
std::string describe(const GemmProblem& p) {
  return fmt::format("{} {}x{}x{}x{}", to_string(p.dtype), p.batch, p.m, p.k, p.n);
}

struct Operand {
  char name;
  Layout layout;
  std::int64_t rows, cols;  // logical matrix shape
  std::int64_t ld, stride;
  // Contiguous run length (row length for row-major) and number of runs.
  std::int64_t contig() const { return layout == Layout::row ? cols : rows; }
  std::int64_t runs() const { return layout == Layout::row ? rows : cols; }
};

std::vector<Operand> operands(const GemmProblem& p) {
  return {{'A', p.layout_a, p.m, p.k, p.lda, p.stride_a},
          {'B', p.layout_b, p.k, p.n, p.ldb, p.stride_b},
          {'C', p.layout_c, p.m, p.n, p.ldc, p.stride_c}};
}

// Elements from the first to the last element of one matrix, given a resolved ld.
bool span_of(const Operand& o, std::int64_t ld, std::int64_t& out) {
  std::int64_t t;
  return mul(o.runs() - 1, ld, t) && add(t, o.contig(), out);
}

std::int64_t parse_int(std::string_view tok, std::string_view what) {
  std::int64_t v = 0;
  auto [ptr, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
  if (ec != std::errc() || ptr != tok.data() + tok.size() || tok.empty())
    throw Error(ErrorCode::invalid_argument, fmt::format("malformed {} '{}': expected an integer", what, tok));
  return v;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    std::size_t pos = s.find(sep, start);
    if (pos == std::string_view::npos) pos = s.size();
    out.push_back(s.substr(start, pos - start));
    start = pos + 1;
  }
  return out;
}

}  // namespace

std::string_view to_string(DType d) { return d == DType::f32 ? "f32" : "f64"; }
std::string_view to_string(Layout l) { return l == Layout::row ? "row" : "col"; }
std::string_view to_string(ScalarKind s) {
  return s == ScalarKind::zero ? "0" : s == ScalarKind::one ? "1" : "any";
}

DType parse_dtype(std::string_view s) {
  if (s == "f32" || s == "float32" || s == "float") return DType::f32;
  if (s == "f64" || s == "float64" || s == "double") return DType::f64;
  throw Error(ErrorCode::invalid_argument, fmt::format("unknown dtype '{}': expected f32 or f64", s));
}

ScalarKind scalar_kind(double v) {
  return v == 0.0 ? ScalarKind::zero : v == 1.0 ? ScalarKind::one : ScalarKind::general;
}

GemmProblem GemmProblem::make(std::int64_t batch, std::int64_t m, std::int64_t k, std::int64_t n,
                              DType dtype) {
  GemmProblem p;
  p.batch = batch, p.m = m, p.k = k, p.n = n, p.dtype = dtype;
  return p;
}

void GemmProblem::validate() const {
  // Messages are built only on failure: validation runs on the first call of a problem.
  const auto who = [this] { return describe(*this); };
  const std::pair<const char*, std::int64_t> sizes[] = {{"batch", batch}, {"M", m}, {"K", k}, {"N", n}};
  for (auto [name, v] : sizes)
    if (v < 1) throw Error(ErrorCode::invalid_shape, fmt::format("problem {}: {} must be >= 1, got {}", who(), name, v));
  std::int64_t t;
  const std::pair<std::int64_t, std::int64_t> products[] = {{m, k}, {k, n}, {m, n}};
  for (auto [x, y] : products) {
    std::int64_t bt;
    if (!mul(x, y, t) || !mul(t, batch, bt) || !mul(bt, 8, bt))
      throw Error(ErrorCode::size_overflow,
                  fmt::format("problem {}: the number of bytes of an operand does not fit in 64 bits", who()));
  }
  for (const Operand& o : operands(*this)) {
    if (o.ld != kAuto && o.ld < o.contig())
      throw Error(ErrorCode::bad_leading_dim,
                  fmt::format("problem {}: ld{} = {} is smaller than {}, the {} count of {}-major {}", who(),
                              char(o.name + 32), o.ld, o.contig(), o.layout == Layout::row ? "column" : "row",
                              tailor::to_string(o.layout), o.name));
    if (o.stride < kAuto)
      throw Error(ErrorCode::bad_stride,
                  fmt::format("problem {}: batch stride of {} is {}; it must be >= 0 (0 broadcasts)", who(), o.name, o.stride));
    const std::int64_t ld = o.ld == kAuto ? o.contig() : o.ld;
    std::int64_t span, extent;
    if (!span_of(o, ld, span))
      throw Error(ErrorCode::size_overflow, fmt::format("problem {}: the span of one {} matrix overflows", who(), o.name));
    std::int64_t stride = o.stride;
    if (stride == kAuto && !mul(o.runs(), ld, stride))
      throw Error(ErrorCode::size_overflow, fmt::format("problem {}: the batch stride of {} overflows", who(), o.name));
    if (!mul(batch - 1, stride, t) || !add(t, span, extent) || !mul(extent, 8, t))
      throw Error(ErrorCode::size_overflow,
                  fmt::format("problem {}: the memory spanned by {} does not fit in 64 bits", who(), o.name));
    if (o.name == 'C' && batch > 1 && stride < span)
      throw Error(ErrorCode::overlapping_output,
                  fmt::format("problem {}: batch stride of C ({}) is smaller than one C matrix ({} elements), so "
                              "output matrices overlap",
                              who(), stride, span));
  }
}

GemmProblem GemmProblem::normalized() const {
  validate();
  GemmProblem p = *this;
  std::int64_t* lds[] = {&p.lda, &p.ldb, &p.ldc};
  std::int64_t* strides[] = {&p.stride_a, &p.stride_b, &p.stride_c};
  auto ops = operands(*this);
  for (int i = 0; i < 3; ++i) {
    if (*lds[i] == kAuto) *lds[i] = ops[i].contig();
    if (*strides[i] == kAuto) *strides[i] = ops[i].runs() * *lds[i];
  }
  return p;
}

bool GemmProblem::is_normalized() const {
  return lda != kAuto && ldb != kAuto && ldc != kAuto && stride_a != kAuto && stride_b != kAuto &&
         stride_c != kAuto;
}

std::string GemmProblem::to_string() const {
  const GemmProblem p = is_normalized() ? *this : normalized();
  auto op = [](Layout l, std::int64_t ld, std::int64_t s) { return fmt::format("{}:{}:{}", tailor::to_string(l), ld, s); };
  return fmt::format("{} {}x{}x{}x{} a={} b={} c={} alpha={} beta={}", tailor::to_string(p.dtype), p.batch, p.m, p.k,
                     p.n, op(p.layout_a, p.lda, p.stride_a), op(p.layout_b, p.ldb, p.stride_b),
                     op(p.layout_c, p.ldc, p.stride_c), tailor::to_string(p.alpha_kind),
                     tailor::to_string(p.beta_kind));
}

GemmProblem GemmProblem::parse(std::string_view text) {
  GemmProblem p;
  bool have_shape = false;
  for (std::string_view tok : split(text, ' ')) {
    if (tok.empty()) continue;
    const auto eq = tok.find('=');
    if (eq == std::string_view::npos) {
      if (tok.find('x') != std::string_view::npos) {
        auto dims = split(tok, 'x');
        if (dims.size() != 4)
          throw Error(ErrorCode::invalid_argument,
                      fmt::format("malformed shape '{}': expected BATCHxMxKxN, e.g. 1000000x3x25x1", tok));
        p.batch = parse_int(dims[0], "batch");
        p.m = parse_int(dims[1], "M");
        p.k = parse_int(dims[2], "K");
        p.n = parse_int(dims[3], "N");
        have_shape = true;
      } else {
        p.dtype = parse_dtype(tok);
      }
      continue;
    }
    const std::string_view key = tok.substr(0, eq), val = tok.substr(eq + 1);
    if (key == "a" || key == "b" || key == "c") {
      auto parts = split(val, ':');
      if (parts.size() != 3 || (parts[0] != "row" && parts[0] != "col"))
        throw Error(ErrorCode::invalid_argument,
                    fmt::format("malformed operand '{}': expected {}=row|col:LD:STRIDE", tok, key));
      const Layout l = parts[0] == "row" ? Layout::row : Layout::col;
      const std::int64_t ld = parse_int(parts[1], "leading dimension"), s = parse_int(parts[2], "batch stride");
      if (key == "a") p.layout_a = l, p.lda = ld, p.stride_a = s;
      if (key == "b") p.layout_b = l, p.ldb = ld, p.stride_b = s;
      if (key == "c") p.layout_c = l, p.ldc = ld, p.stride_c = s;
    } else if (key == "alpha" || key == "beta") {
      ScalarKind s;
      if (val == "0") s = ScalarKind::zero;
      else if (val == "1") s = ScalarKind::one;
      else if (val == "any") s = ScalarKind::general;
      else throw Error(ErrorCode::invalid_argument, fmt::format("malformed '{}': expected 0, 1 or any", tok));
      (key == "alpha" ? p.alpha_kind : p.beta_kind) = s;
    } else {
      throw Error(ErrorCode::invalid_argument, fmt::format("unknown problem field '{}'", tok));
    }
  }
  if (!have_shape)
    throw Error(ErrorCode::invalid_argument, fmt::format("problem '{}' has no BATCHxMxKxN shape", text));
  return p;
}

std::size_t GemmProblem::hash() const noexcept {
  // FNV-1a over the fields, then a final avalanche.
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&h](std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 1099511628211ull;
    }
  };
  const std::int64_t fields[] = {batch, m, k, n, lda, ldb, ldc, stride_a, stride_b, stride_c};
  for (std::int64_t f : fields) mix(static_cast<std::uint64_t>(f));
  mix(static_cast<std::uint64_t>(dtype) | static_cast<std::uint64_t>(layout_a) << 8 |
      static_cast<std::uint64_t>(layout_b) << 16 | static_cast<std::uint64_t>(layout_c) << 24 |
      static_cast<std::uint64_t>(alpha_kind) << 32 | static_cast<std::uint64_t>(beta_kind) << 40);
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return static_cast<std::size_t>(h);
}

std::int64_t GemmProblem::span_a() const { return layout_a == Layout::row ? (m - 1) * lda + k : (k - 1) * lda + m; }
std::int64_t GemmProblem::span_b() const { return layout_b == Layout::row ? (k - 1) * ldb + n : (n - 1) * ldb + k; }
std::int64_t GemmProblem::span_c() const { return layout_c == Layout::row ? (m - 1) * ldc + n : (n - 1) * ldc + m; }
bool GemmProblem::packed_a() const { return lda == (layout_a == Layout::row ? k : m) && stride_a == m * k; }
bool GemmProblem::packed_b() const { return ldb == (layout_b == Layout::row ? n : k) && stride_b == k * n; }
bool GemmProblem::packed_c() const { return ldc == (layout_c == Layout::row ? n : m) && stride_c == m * n; }

double GemmProblem::min_bytes() const {
  const double e = static_cast<double>(esize());
  const double a = static_cast<double>(bcast_a() ? 1 : batch) * m * k;
  const double b = static_cast<double>(bcast_b() ? 1 : batch) * k * n;
  const double c = static_cast<double>(batch) * m * n * (beta_kind == ScalarKind::zero ? 1 : 2);
  return e * (a + b + c);
}

double GemmProblem::flops() const { return 2.0 * static_cast<double>(batch) * m * k * n; }

}  // namespace tailor
