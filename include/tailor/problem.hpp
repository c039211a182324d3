// GemmProblem: the one description of a batched matrix product
//   C[b] = alpha * A[b] @ B[b] + beta * C[b]   for b < batch
// with its shape, dtype, per-operand layout, leading dimensions and batch strides. It is
// trivially copyable and hashable, and its canonical text form (`to_string`) is the key
// of tuning records. Sizes are 64-bit; every check that needs no pointer lives here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tailor {

/// Element type of A, B and C.
enum class DType : std::uint8_t { f32, f64 };
/// Storage order of one operand.
enum class Layout : std::uint8_t { row, col };
/// How a scalar is treated by the generated kernel: the value itself is a launch
/// argument, only its kind is baked into the code (beta == 0 never reads C).
enum class ScalarKind : std::uint8_t { zero, one, general };

/// Marks a leading dimension or batch stride to be derived: the tight value for the
/// operand's layout. A batch stride of 0 (not kAuto) broadcasts one matrix over the batch.
inline constexpr std::int64_t kAuto = -1;

std::string_view to_string(DType d);
std::string_view to_string(Layout l);
std::string_view to_string(ScalarKind s);
/// Parses "f32"/"f64" (also "float32"/"float64"); throws Error(invalid_argument).
DType parse_dtype(std::string_view s);
/// Size of one element in bytes.
constexpr std::int64_t elem_size(DType d) { return d == DType::f32 ? 4 : 8; }
/// The scalar kind of a value: 0 -> zero, 1 -> one, else general.
ScalarKind scalar_kind(double v);

/// A batched GEMM problem. Operand A is M x K, B is K x N, C is M x N.
/// Defaults: row-major, tight leading dimensions and batch strides, alpha = 1, beta = 0.
struct GemmProblem {
  std::int64_t batch = 1, m = 1, k = 1, n = 1;
  DType dtype = DType::f32;
  Layout layout_a = Layout::row, layout_b = Layout::row, layout_c = Layout::row;
  std::int64_t lda = kAuto, ldb = kAuto, ldc = kAuto;
  std::int64_t stride_a = kAuto, stride_b = kAuto, stride_c = kAuto;
  /// Set by Runtime::gemm from the alpha and beta it is given; set them yourself only
  /// when you use the generator directly.
  ScalarKind alpha_kind = ScalarKind::one, beta_kind = ScalarKind::zero;

  /// Row-major, contiguous batch of `batch` products of (m x k) @ (k x n).
  static GemmProblem make(std::int64_t batch, std::int64_t m, std::int64_t k, std::int64_t n,
                          DType dtype);
  /// One A matrix shared by every batch entry (batch stride 0).
  GemmProblem& broadcast_a() { stride_a = 0; return *this; }
  /// One B matrix shared by every batch entry (batch stride 0).
  GemmProblem& broadcast_b() { stride_b = 0; return *this; }

  /// Throws Error (invalid_shape, size_overflow, bad_leading_dim, bad_stride,
  /// overlapping_output) naming the problem when it cannot be computed.
  void validate() const;
  /// A copy with every kAuto resolved; validates first.
  GemmProblem normalized() const;
  /// True once no field is kAuto.
  bool is_normalized() const;

  /// Canonical text, e.g. "f64 1000000x3x25x1 a=row:25:75 b=row:1:25 c=row:1:3 alpha=1 beta=0"
  /// (per operand: layout, leading dimension, batch stride). Normalises first.
  std::string to_string() const;
  /// Inverse of to_string; also accepts "BxMxKxN" alone (f32) or "dtype BxMxKxN".
  /// Throws Error(invalid_argument) naming the bad token.
  static GemmProblem parse(std::string_view text);

  bool operator==(const GemmProblem&) const = default;
  std::size_t hash() const noexcept;

  // Derived quantities (of the normalised problem).
  std::int64_t esize() const { return elem_size(dtype); }
  bool bcast_a() const { return stride_a == 0; }
  bool bcast_b() const { return stride_b == 0; }
  /// Elements spanned by one matrix of each operand (from its first to its last element).
  std::int64_t span_a() const;
  std::int64_t span_b() const;
  std::int64_t span_c() const;
  /// True when the operand's matrices lie back to back with no gaps (tight ld and stride).
  bool packed_a() const;
  bool packed_b() const;
  bool packed_c() const;
  /// The fewest bytes the product must move: each input read once, C written once
  /// (and read once when beta != 0).
  double min_bytes() const;
  /// 2 * batch * M * K * N.
  double flops() const;
};

struct GemmProblemHash {
  std::size_t operator()(const GemmProblem& p) const noexcept { return p.hash(); }
};

}  // namespace tailor
