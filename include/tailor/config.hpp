// KernelConfig: which kernel family the generator writes for a problem, and its knobs.
// The canonical text form ("slab,t=256,minb=1,mats=32,vec=2,rm=1,rn=1,grid=0") is what tuning
// databases store and what `tailor-gen --config` takes; the generator validates a config
// against the problem and the device before anything is compiled.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tailor {

/// Kernel families (see docs/design.md).
enum class Family : std::uint8_t {
  slab,   ///< a CTA stages a slab of whole matrices through shared memory (small, skinny)
  tiled,  ///< a CTA computes one bm x bn tile of one matrix, stepping over K in bk chunks
  cpu,    ///< the LLVM ORC path on the host (runtime/cpu/)
};

std::string_view to_string(Family f);

/// The knobs of one generated kernel. Fields a family does not use stay 0.
struct KernelConfig {
  Family family = Family::slab;
  int threads = 256;  ///< threads per CTA
  int minb = 1;       ///< CTAs per multiprocessor the compiler must fit (caps registers); 1: no cap
  // slab family
  int mats = 0;  ///< matrices per CTA
  int vec = 1;   ///< elements per global vector access of packed operands (16 bytes max)
  int ks = 1;    ///< slab: lanes that split one micro-tile's reduction over K (power of two <= 32)
  /// slab: 1 = C staged through shared memory and written as one coalesced run of vectors
  /// (packed C, one micro-tile a thread at most, or one mma unit a warp with mma = 1; ks = 1;
  /// st = 0, or st = 2 with tma = 1). A broadcast operand is kept beside the staged C.
  int cs = 0;
  /// slab, sm_90: 1 = the packed operands of a full slab arrive by bulk copies (the TMA
  /// unit, one instruction per operand, completion on an mbarrier) into an unpadded layout,
  /// so no thread spends instructions or load bandwidth on staging; with cs = 1 and beta = 0
  /// the slab's C leaves shared memory by one bulk copy as well. 2 = the same layout and
  /// the same aligned runs, copied by the threads' 16-byte cp.async instead of the TMA unit
  /// (one buffer, st = 0); C still leaves by the bulk store.
  int tma = 0;
  // both families: register micro-tile of outputs per thread; with mma = 1 the mma tiles
  // (tiled: 8 x 8) or blocks (slab: 16 x 16) per warp down M and across N
  int rm = 1, rn = 1;
  // tiled family
  int bm = 0, bn = 0, bk = 0;
  /// 1 = the FP64 tensor cores: f64, and on sm_90 f32 as well (its operands widened to f64
  /// as they are read; the products and sums are f64, C is rounded to f32 once). tiled: mma.sync m16n8k4 on row pairs on sm_90,
  /// m8n8k4 otherwise; each warp computes (8 rm) x (8 rn) outputs (rm, rn in 1..8, rm rn <= 32)
  /// and threads = 32 * (bm / 8 rm) * (bn / 8 rn). slab (sm_90): each warp computes blocks of
  /// (16 rm) x (16 rn) outputs of a staged matrix with m16n8k4 (rm rn <= 8), reading the
  /// operands where they lie in the slab, so rows of any length (65 doubles) can be
  /// bulk-copied whole.
  int mma = 0;
  /// tiled with mma = 1: 0 = a chunk's 4-deep k steps unrolled (their fragments loaded
  /// ahead); 1 = kept as a loop, one k step's fragments in registers at a time.
  int ku = 0;
  /// tiled with mma = 1, sm_90: 1 = mma.sync m16n8k8 (half the instructions of two k4 steps),
  /// with each 8-deep k step's columns permuted (lane t holds k = 2t and 2t + 1) so that a
  /// thread's two A (and B) elements of a row are adjacent: one 16-byte shared-memory read
  /// where the operand is kept contiguous along k. Needs an even rm and bk % 8 == 0.
  int k8 = 0;
  /// tiled: 0 = two shared-memory stages fed through registers; s >= 3 = s stages fed by
  /// cp.async (no registers hold the next chunk; s - 1 chunks in flight). slab: 0 = one
  /// buffer; 2 = two, the next slab fed by cp.async, or by bulk copies with tma = 1
  /// (persistent grid only).
  int st = 0;
  /// 0: one CTA per work item; g > 0: a persistent grid of g CTAs per multiprocessor (held
  /// at launch to the CTAs the driver says fit one at once: each CTA owns a fixed share).
  int grid = 0;
  /// Both GPU families. 0: the matrices as the problem gives them. R > 0: where the batch's
  /// rows form one stack multiplied by one B (B shared by the batch, or a batch of one; A and
  /// C row-major, each matrix's rows following the last's at the same spacing), the kernel
  /// runs that stack as matrices of R rows (B shared): one tall product (R = batch x M), or
  /// many short ones cut from it. R must divide batch x M (gen::regroup_check). With tr = 1
  /// the rows are the transpose's (below).
  int rows = 0;
  /// Both GPU families. 1: the kernel computes the transpose, C^T = B^T A^T, in the same
  /// memory (the operands swap roles and every layout flips: a column-major C is written
  /// as row-major C^T); rows then regroups the transposed problem's rows. The mirror of the
  /// stacked rows is tr = 1 with rows: where A is shared (or the batch is one product) and B
  /// and C are column-major (or N = 1), the batch's columns of C are rows of C^T against one
  /// shared A^T.
  int tr = 0;
  /// Tiled family. G > 1: where A is shared by the batch and B and C are row-major, the
  /// columns of G consecutive matrices of B and C side by side form one product of G x N
  /// columns against the shared A, which the tile walks as it would one matrix's (the last
  /// group may hold fewer matrices). Batches of narrow products (N of 2-16) then run on
  /// whole tiles instead of tiles or slabs a few columns wide that re-read A for every
  /// matrix. 0: the matrices as given. (gen::cols_check)
  int cols = 0;
  // cpu family (also uses mats = matrices per task, vec = SIMD width, rm x rn = register block)
  int unroll = 1;  ///< unroll factor of the reduction loop
  int order = 0;   ///< loop order (see runtime/cpu)

  /// Canonical text form. parse(to_string()) == *this.
  std::string to_string() const;
  /// Parses "family,key=value,..."; throws Error(invalid_argument) naming the bad token.
  static KernelConfig parse(std::string_view text);
  bool operator==(const KernelConfig&) const = default;
};

}  // namespace tailor
