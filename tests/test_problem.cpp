// GemmProblem: normalisation, canonical text round trip, derived quantities.
#include <doctest/doctest.h>

#include "tailor/tailor.hpp"

using namespace tailor;

TEST_CASE("problem 1000000x3x25x1 f64 normalises to packed row-major") {
  const GemmProblem p = GemmProblem::make(1000000, 3, 25, 1, DType::f64).normalized();
  CHECK(p.lda == 25);
  CHECK(p.ldb == 1);
  CHECK(p.ldc == 1);
  CHECK(p.stride_a == 75);
  CHECK(p.stride_b == 25);
  CHECK(p.stride_c == 3);
  CHECK(p.packed_a());
  CHECK(p.packed_b());
  CHECK(p.packed_c());
  CHECK(p.min_bytes() == doctest::Approx(8.0 * 1e6 * (75 + 25 + 3)));
  CHECK(p.flops() == doctest::Approx(2.0 * 1e6 * 75));
}

TEST_CASE("problem column-major 7x5x3 with padding keeps ld and derives stride") {
  GemmProblem p = GemmProblem::make(10, 7, 5, 3, DType::f32);
  p.layout_a = Layout::col;
  p.lda = 9;
  const GemmProblem n = p.normalized();
  CHECK(n.lda == 9);
  CHECK(n.stride_a == 5 * 9);
  CHECK_FALSE(n.packed_a());
  CHECK(n.span_a() == 4 * 9 + 7);
}

TEST_CASE("problem text round trip over layouts, broadcast and scalar kinds") {
  GemmProblem p = GemmProblem::make(1000000, 1, 3, 3, DType::f32).broadcast_b();
  p.layout_c = Layout::col;
  p.beta_kind = ScalarKind::general;
  p.alpha_kind = ScalarKind::general;
  const std::string s = p.to_string();
  CHECK(s == "f32 1000000x1x3x3 a=row:3:3 b=row:3:0 c=col:1:3 alpha=any beta=any");
  const GemmProblem q = GemmProblem::parse(s);
  CHECK(q == p.normalized());
  CHECK(q.hash() == p.normalized().hash());
}

TEST_CASE("problem parse accepts the short forms and rejects junk") {
  CHECK(GemmProblem::parse("4x2x3x5").dtype == DType::f32);
  const GemmProblem p = GemmProblem::parse("f64 4x2x3x5");
  CHECK(p.dtype == DType::f64);
  CHECK(p.batch == 4);
  CHECK(p.n == 5);
  CHECK_THROWS_AS(GemmProblem::parse("f64 4x2x3"), Error);
  CHECK_THROWS_AS(GemmProblem::parse("f16 4x2x3x5"), Error);
  CHECK_THROWS_AS(GemmProblem::parse("4x2x3x5 a=diag:1:1"), Error);
  CHECK_THROWS_AS(GemmProblem::parse("4x2xthreex5"), Error);
  CHECK_THROWS_AS(GemmProblem::parse("4x2x3x5 gamma=1"), Error);
  try {
    GemmProblem::parse("f128 1x1x1x1");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::invalid_argument);
    CHECK(std::string(e.what()).find("f128") != std::string::npos);
  }
}

TEST_CASE("problem hash separates problems that differ in one field") {
  const GemmProblem a = GemmProblem::make(100, 3, 25, 1, DType::f64);
  GemmProblem b = a;
  b.k = 26;
  GemmProblem c = a;
  c.beta_kind = ScalarKind::one;
  GemmProblem d = a;
  d.layout_b = Layout::col;
  CHECK(a.hash() != b.hash());
  CHECK(a.hash() != c.hash());
  CHECK(a.hash() != d.hash());
  CHECK_FALSE(a == b);
}

TEST_CASE("scalar kinds") {
  CHECK(scalar_kind(0.0) == ScalarKind::zero);
  CHECK(scalar_kind(1.0) == ScalarKind::one);
  CHECK(scalar_kind(-1.0) == ScalarKind::general);
  CHECK(scalar_kind(0.5) == ScalarKind::general);
}
