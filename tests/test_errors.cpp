// Every bad input to gemm is a tailor::Error with a specific code and a message naming the
// problem, raised before any device work, leaving C untouched. Runs with or without a GPU:
// the pointers are host buffers, which are never dereferenced because the checks come first
// (without a GPU host buffers run on the CPU path, whose checks also come first).
#include <doctest/doctest.h>

#include <cstring>
#include <limits>
#include <vector>

#include "generator/generator.hpp"
#include "runtime/env.hpp"
#include "tailor/tailor.hpp"

using namespace tailor;

namespace {

struct Buffers {
  std::vector<double> a, b, c;
  explicit Buffers(std::size_t n = 1 << 16) : a(n, 1.5), b(n, 2.5), c(n, 42.0) {}
  bool c_untouched() const {
    for (double v : c)
      if (v != 42.0) return false;
    return true;
  }
};

Runtime& rt() {
  static Runtime r;
  return r;
}

// The message names the problem (its BATCHxMxKxN) and, where given, the culprit.
void expect(ErrorCode code, const GemmProblem& p, const void* A, const void* B, void* C, const Buffers& buf,
            const char* culprit = "") {
  const std::string shape = std::to_string(p.batch) + "x" + std::to_string(p.m) + "x" + std::to_string(p.k) + "x" +
                            std::to_string(p.n);
  try {
    rt().gemm(p, A, B, C);
    FAIL("no error for ", p.batch, "x", p.m, "x", p.k, "x", p.n);
  } catch (const Error& e) {
    CHECK_MESSAGE(e.code() == code, e.what());
    CHECK_MESSAGE(std::string(e.what()).find(shape) != std::string::npos, e.what());
    CHECK_MESSAGE(std::string(e.what()).find(culprit) != std::string::npos, e.what());
  }
  CHECK(buf.c_untouched());
}

}  // namespace

TEST_CASE("gemm rejects zero and negative sizes with invalid_shape") {
  Buffers buf;
  const std::int64_t shapes[][4] = {{0, 3, 25, 1},  {10, 0, 25, 1},  {10, 3, 0, 1},   {10, 3, 25, 0},
                                    {-1, 3, 25, 1}, {10, -3, 25, 1}, {10, 3, -25, 1}, {10, 3, 25, -1}};
  for (const auto& s : shapes) {
    CAPTURE(s[0]);
    CAPTURE(s[1]);
    CAPTURE(s[2]);
    CAPTURE(s[3]);
    expect(ErrorCode::invalid_shape, GemmProblem::make(s[0], s[1], s[2], s[3], DType::f64), buf.a.data(),
           buf.b.data(), buf.c.data(), buf);
  }
}

TEST_CASE("gemm rejects size products that overflow 64 bits with size_overflow") {
  Buffers buf;
  const std::int64_t big = std::int64_t(1) << 40;
  expect(ErrorCode::size_overflow, GemmProblem::make(big, 1 << 20, 1 << 10, 1, DType::f32), buf.a.data(),
         buf.b.data(), buf.c.data(), buf);
  expect(ErrorCode::size_overflow, GemmProblem::make(1, std::numeric_limits<std::int64_t>::max(), 2, 1, DType::f32),
         buf.a.data(), buf.b.data(), buf.c.data(), buf);
  GemmProblem p = GemmProblem::make(1 << 20, 2, 2, 2, DType::f64);
  p.stride_a = std::int64_t(1) << 50;  // (batch - 1) * stride overflows
  expect(ErrorCode::size_overflow, p, buf.a.data(), buf.b.data(), buf.c.data(), buf);
}

TEST_CASE("gemm rejects null pointers with null_pointer") {
  Buffers buf;
  const GemmProblem p = GemmProblem::make(8, 3, 5, 2, DType::f64);
  expect(ErrorCode::null_pointer, p, nullptr, buf.b.data(), buf.c.data(), buf, "A is a null pointer");
  expect(ErrorCode::null_pointer, p, buf.a.data(), nullptr, buf.c.data(), buf, "B is a null pointer");
  expect(ErrorCode::null_pointer, p, buf.a.data(), buf.b.data(), nullptr, buf, "C is a null pointer");
}

TEST_CASE("gemm rejects leading dimensions smaller than the matrix with bad_leading_dim") {
  Buffers buf;
  GemmProblem p = GemmProblem::make(8, 3, 5, 2, DType::f64);
  p.lda = 4;  // row-major A needs lda >= K = 5
  expect(ErrorCode::bad_leading_dim, p, buf.a.data(), buf.b.data(), buf.c.data(), buf, "lda = 4");
  p = GemmProblem::make(8, 3, 5, 2, DType::f64);
  p.layout_b = Layout::col;
  p.ldb = 4;  // column-major B (5 x 2) needs ldb >= 5
  expect(ErrorCode::bad_leading_dim, p, buf.a.data(), buf.b.data(), buf.c.data(), buf, "ldb = 4");
  p = GemmProblem::make(8, 3, 5, 2, DType::f64);
  p.ldc = 0;
  expect(ErrorCode::bad_leading_dim, p, buf.a.data(), buf.b.data(), buf.c.data(), buf, "ldc = 0");
}

TEST_CASE("gemm rejects negative batch strides with bad_stride") {
  Buffers buf;
  GemmProblem p = GemmProblem::make(8, 3, 5, 2, DType::f64);
  p.stride_b = -7;
  expect(ErrorCode::bad_stride, p, buf.a.data(), buf.b.data(), buf.c.data(), buf);
}

TEST_CASE("gemm rejects batch strides that make output matrices overlap") {
  Buffers buf;
  GemmProblem p = GemmProblem::make(8, 3, 5, 2, DType::f64);
  p.stride_c = 5;  // one C matrix spans 6 elements
  expect(ErrorCode::overlapping_output, p, buf.a.data(), buf.b.data(), buf.c.data(), buf);
  p.stride_c = 0;  // broadcast output
  expect(ErrorCode::overlapping_output, p, buf.a.data(), buf.b.data(), buf.c.data(), buf);
}

TEST_CASE("gemm rejects an output that aliases an input") {
  Buffers buf;
  const GemmProblem p = GemmProblem::make(8, 3, 5, 2, DType::f64);
  // C starts inside A's span: A spans 8 * 15 doubles.
  double* c_in_a = buf.a.data() + 100;
  try {
    rt().gemm(p, buf.a.data(), buf.b.data(), c_in_a);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::overlapping_output);
    CHECK(std::string(e.what()).find("overlaps A") != std::string::npos);
  }
  for (std::size_t i = 0; i < buf.a.size(); ++i) REQUIRE(buf.a[i] == 1.5);
}

TEST_CASE("gemm rejects pointers misaligned for the element or the chosen vector width") {
  Buffers buf;
  const GemmProblem p = GemmProblem::make(64, 3, 4, 2, DType::f64);
  auto* a4 = reinterpret_cast<double*>(reinterpret_cast<char*>(buf.a.data()) + 4);
  expect(ErrorCode::misaligned_pointer, p, a4, buf.b.data(), buf.c.data(), buf);
  // A forced config loading 2 doubles (16 bytes) at a time, with A only 8-byte aligned.
  double* a8 = reinterpret_cast<std::uintptr_t>(buf.a.data()) % 16 == 0 ? buf.a.data() + 1 : buf.a.data();
  double* c16 = reinterpret_cast<std::uintptr_t>(buf.c.data()) % 16 == 0 ? buf.c.data() : buf.c.data() + 1;
  const KernelConfig cfg = KernelConfig::parse("slab,t=64,mats=32,vec=2,rm=1,rn=1,grid=0");
  try {
    rt().gemm_with(p, cfg, a8, buf.b.data() + 2, c16 + 2048);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK_MESSAGE(e.code() == ErrorCode::misaligned_pointer, e.what());
    CHECK(std::string(e.what()).find("vec=2") != std::string::npos);
  }
  CHECK(buf.c_untouched());
}

TEST_CASE("gemm_with rejects an illegal config with invalid_config") {
  Buffers buf;
  const GemmProblem p = GemmProblem::make(64, 3, 4, 2, DType::f64);
  for (const char* bad : {"slab,t=100,mats=8,vec=1,rm=1,rn=1,grid=0", "slab,t=64,mats=8,vec=4,rm=1,rn=1,grid=0",
                          "slab,t=64,mats=0,vec=1,rm=1,rn=1,grid=0", "slab,t=64,mats=8,vec=1,rm=4,rn=1,grid=0",
                          "tiled,t=64,bm=16,bn=16,bk=8,rm=1,rn=1,grid=0", "slab,t=64,mats=60000,vec=1,rm=1,rn=1,grid=0"}) {
    CAPTURE(bad);
    try {
      rt().gemm_with(p, KernelConfig::parse(bad), buf.a.data(), buf.b.data(), buf.c.data());
      FAIL("no error");
    } catch (const Error& e) {
      CHECK_MESSAGE(e.code() == ErrorCode::invalid_config, e.what());
    }
    CHECK(buf.c_untouched());
  }
}

TEST_CASE("without a GPU a valid gemm on host pointers runs on the CPU path, and a forced GPU config says device_unavailable") {
  if (rt().has_gpu()) return;  // this case is about machines without one
  CHECK(!rt().no_gpu_reason().empty());
  Buffers buf;
  const GemmProblem p = GemmProblem::make(8, 3, 5, 2, DType::f64);
  if (!rt().has_cpu_path()) {  // a build without LLVM: no CPU path either, and it says so
    try {
      rt().gemm(p, buf.a.data(), buf.b.data(), buf.c.data());
      FAIL("no error");
    } catch (const Error& e) {
      CHECK(e.code() == ErrorCode::device_unavailable);
      CHECK(std::string(e.what()).find("TAILOR_WITH_LLVM") != std::string::npos);
    }
    CHECK(buf.c_untouched());
    return;
  }
  // A is all 1.5 and B all 2.5: every output is 5 * 1.5 * 2.5; the rest of C stays 42.
  rt().gemm(p, buf.a.data(), buf.b.data(), buf.c.data());
  for (std::size_t i = 0; i < buf.c.size(); ++i) REQUIRE(buf.c[i] == (i < 8 * 3 * 2 ? 18.75 : 42.0));
  Buffers fresh;
  try {
    rt().gemm_with(p, KernelConfig::parse("slab,t=64,mats=8,vec=1,rm=1,rn=1,grid=0"), fresh.a.data(), fresh.b.data(),
                   fresh.c.data());
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::device_unavailable);
  }
  CHECK(fresh.c_untouched());
}

TEST_CASE("sides past a GPU kernel's 2^30 are invalid_shape from the heuristic, the generator and plan") {
  const std::int64_t big = gen::kMaxKernelDim + 1;
  const GemmProblem probs[] = {GemmProblem::make(1, 1, 3000000000, 1, DType::f32),
                               GemmProblem::make(1, 1, 1, big, DType::f64),
                               GemmProblem::make(2, big, 1, 1, DType::f32)};
  for (const GemmProblem& p : probs) {
    INFO(p.to_string());
    try {
      rt().plan(p);
      FAIL("no error from plan");
    } catch (const Error& e) {
      CHECK(e.code() == ErrorCode::invalid_shape);
      CHECK(std::string(e.what()).find("at most 1073741824") != std::string::npos);
    }
    CHECK_THROWS_AS(gen::heuristic(p.normalized(), DeviceInfo::sm90_model()), Error);
    // A config that the generator would take for a small problem of the same kind.
    const KernelConfig c = gen::heuristic(GemmProblem::make(1, 1, 64, 1, p.dtype), DeviceInfo::sm90_model());
    CHECK_THROWS_AS(gen::generate(p.normalized(), c), Error);
  }
  // At the bound the heuristic still answers.
  const GemmProblem edge = GemmProblem::make(1, 1, gen::kMaxKernelDim, 1, DType::f32).normalized();
  CHECK(!gen::check(edge, gen::heuristic(edge, DeviceInfo::sm90_model()), DeviceInfo::sm90_model()));
}

TEST_CASE("environment switches read 1/0, true/false, on/off, yes/no in any case, and nothing else") {
  for (const char* v : {"1", "true", "TRUE", "On", "yes", " 1 ", "Yes\n"}) CHECK(detail::parse_switch(v) == true);
  for (const char* v : {"0", "false", "False", "OFF", "no", " 0"}) CHECK(detail::parse_switch(v) == false);
  for (const char* v : {"", "2", "enable", "tru", "-1"}) CHECK(!detail::parse_switch(v).has_value());
}
