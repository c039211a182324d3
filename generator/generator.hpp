// The generator: (problem, config) -> CUDA source text. It validates a config against a
// problem and a device, writes a `Spec` of compile-time constants for exactly that
// problem (shape, strides, layouts, scalar kinds, shared-memory padding) after the
// embedded template fragments, names the kernel after its config, and computes the
// launch shape. It also owns the heuristic: a valid config for any problem without
// tuning. Nothing here touches a device; everything is testable without a GPU.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tailor/config.hpp"
#include "tailor/device.hpp"
#include "tailor/problem.hpp"

namespace tailor {

/// Generated CUDA source for one (problem, config); the batch size is a launch argument,
/// so one source serves every batch size of a shape.
struct KernelSource {
  std::string name;  ///< extern "C" symbol; spells the problem and the config
  std::string text;  ///< self-contained CUDA C++ (no #include), opens with a comment header
};

/// Grid, block and dynamic shared memory of one launch.
struct LaunchShape {
  std::uint32_t grid = 1, block = 1, smem_bytes = 0;
};

namespace gen {

/// Shared-memory padding of the slab family's two staged operands, in elements.
struct SlabPads {
  int a_row = 0, a_mat = 0, b_row = 0, b_mat = 0;
};

/// The largest M, K or N a GPU kernel takes: kernels index within one matrix with 32-bit
/// ints (leading dimensions, strides and the batch are 64-bit).
inline constexpr std::int64_t kMaxKernelDim = std::int64_t(1) << 30;
/// M, K and N all at most kMaxKernelDim: a GPU kernel can run the problem.
bool kernel_sizes_fit(const GemmProblem& problem);
/// Throws Error(invalid_shape) where they are not. The problem must be valid.
void require_kernel_sizes(const GemmProblem& problem);

/// Why `config` cannot run `problem` on `device` when the pointers are aligned to
/// `align_bytes`, or nullopt when it can. The problem must be valid.
std::optional<std::string> check(const GemmProblem& problem, const KernelConfig& config,
                                 const DeviceInfo& device, int align_bytes = 16);
/// The structural check of a cpu-family config (knob ranges); the GPU generator's check
/// forwards cpu configs here. Needs no LLVM. (generator/cpu_check.cpp)
std::optional<std::string> check_cpu(const GemmProblem& problem, const KernelConfig& config);
/// As check, throwing Error(invalid_config) naming problem, config and reason.
void validate(const GemmProblem& problem, const KernelConfig& config, const DeviceInfo& device,
              int align_bytes = 16);

/// The kernel's symbol: tailor_<dtype>_<family>_m<M>k<K>n<N>_<layouts>_e<alpha><beta>[_bA|_bB]_<knobs>[_h<strides>].
/// (The CPU path's kernels are named the same way, with their own knobs: cpu::kernel_name.)
std::string kernel_name(const GemmProblem& problem, const KernelConfig& config);
/// The part of a kernel's name before its knobs: tailor_<dtype>_<family>_m<M>k<K>n<N>_<layouts>_e<alpha><beta>[_bA|_bB].
std::string kernel_name_stem(const GemmProblem& problem, Family family);
/// The part after its knobs: "" for tight leading dimensions and strides, else _h<hash of them>.
std::string kernel_name_strides(const GemmProblem& problem);
/// Writes the kernel. The config must be valid for the problem (see validate).
KernelSource generate(const GemmProblem& problem, const KernelConfig& config);
/// Grid, block and shared memory for a launch of `problem` with `config` on `device`.
LaunchShape launch_shape(const GemmProblem& problem, const KernelConfig& config,
                         const DeviceInfo& device);
/// Shared memory a CTA uses (dynamic for slab, static for tiled), in bytes.
std::int64_t smem_bytes(const GemmProblem& problem, const KernelConfig& config);

/// The slab family's widest vector (a power of two up to `widest` elements) that divides
/// `mats` matrices of each packed operand, so that the threads' staging of any slab stays
/// in whole, aligned vectors.
int slab_vec_width(const GemmProblem& problem, std::int64_t mats, int widest);
/// Elements an FMA tile reads at a time along a micro-tile side: the widest power of two
/// dividing `side` up to `cap` (16 bytes' worth), so a side of 6 in f32 reads 8-byte pairs.
int fma_read_width(int side, int cap);
/// Outputs the slab family is sized for: M and N up to 128, or a tall or wide C (one side
/// up to 16, the other up to 2048) of at most 32 KB.
bool slab_output(const GemmProblem& problem);

/// Whether f32 operands can be fed to the FP64 tensor cores' tiles in 16-byte copies: each
/// operand's rows along its contiguous dimension (A's k or M, B's N or k) and its leading
/// dimension are whole 16-byte units, and the pointers 16-byte aligned.
bool f32_mma_rows(const GemmProblem& problem, int align_bytes);
/// f32 outputs with a side past 128 and the other from 48: where the heuristic's last rule
/// picks an FMA tile by the output it pads least (sides of 48, 64, 96, 128).
bool fma_wide_output(const GemmProblem& problem);
/// Registers a thread of a slab on the FP64 tensor cores needs (an estimate from its rm x rn
/// blocks of 16 x 16: 8 doubles of sums a block pair, fragments; ptxas gave 65^3 f64's 1 x 5
/// blocks 126 registers, 2 x 2 144, 2 x 3 172).
double mma_slab_registers(int rm, int rn);
/// Registers a thread may hold when minb CTAs of `threads` share an SM's 65536 (allocated in
/// steps of 8, at most 255).
double register_cap(int threads, int minb);
/// CTAs of `threads` threads that fit one SM at once with `registers` a thread (allocated per
/// warp in steps of 256) and `smem` bytes of shared memory a CTA (static, dynamic and the
/// 1 KB the driver reserves): the least of the register, shared-memory, thread and 32-CTA
/// limits. 0 where one CTA does not fit.
int ctas_per_sm(const DeviceInfo& d, int threads, int registers, std::int64_t smem);
/// The padding the generator picks for a slab config (bank-conflict model).
SlabPads slab_pads(const GemmProblem& problem, const KernelConfig& config);
/// A slab config with mma = 1: the fragment slots of operand `which` ('A' or 'B'), 4 bits
/// each (slot i: row or column offset within a 16-block), for which every half warp's reads
/// are free of bank conflicts; nullopt where its pitch allows none (the kernel then uses
/// the identity, with conflicts).
std::optional<std::uint64_t> mma_perm(const GemmProblem& problem, const KernelConfig& config, char which);
/// Shared-memory wavefronts a slab config's compute loop issues for its first warps'
/// reads, per operand, with the given padding: the bank-conflict model's cost.
std::int64_t slab_read_wavefronts(const GemmProblem& problem, const KernelConfig& config,
                                  const SlabPads& pads);

/// The transpose of the product, C^T = B^T A^T, in the same memory: M and N swap, A becomes
/// the caller's B^T and B the caller's A^T, and every layout flips; a vector A or C is
/// described row-major where that is the same memory (KernelConfig::tr). Normalised.
GemmProblem transposed(const GemmProblem& problem);
/// Why the rows of `problem` cannot run as matrices of `rows` rows (KernelConfig::rows), or
/// nullopt: A and C row-major; B shared by the batch (or a batch of one) and each matrix's
/// rows of A and C following the last's at its leading dimension; `rows` dividing batch x M
/// and other than M. (With A shared and B and C column-major, or N = 1, the transpose's
/// rows stack: check transposed(problem).)
std::optional<std::string> regroup_check(const GemmProblem& problem, std::int64_t rows);
/// The same product as (batch x M) / rows matrices of `rows` rows sharing B (normalised).
/// Throws Error(invalid_config) where regroup_check does not pass.
GemmProblem regroup(const GemmProblem& problem, std::int64_t rows);
/// The problem a config's kernel computes: the transpose with tr = 1, then regrouped with
/// rows > 0; the column groups with cols > 0; else the problem (normalised). Its batch is
/// the kernel's batch argument (launch_batch: not with cols); with tr = 1 its A is the
/// caller's B and its B the caller's A (the kernel swaps them on entry).
GemmProblem run_problem(const GemmProblem& problem, const KernelConfig& config);
/// Why the batch's columns cannot stand in groups of `group` matrices (KernelConfig::cols),
/// or nullopt: A shared by a batch of two or more, B and C row-major, 2 <= group <= batch.
std::optional<std::string> cols_check(const GemmProblem& problem, std::int64_t group);
/// The product of one group (KernelConfig::cols): ceil(batch / group) matrices of group x N
/// columns sharing A, described packed (the kernel addresses B and C at the caller's
/// leading dimensions and strides). For the cost model, launch shapes and checks.
GemmProblem column_groups(const GemmProblem& problem, std::int64_t group);
/// The batch argument of a config's kernel: run_problem's batch, except with cols, whose
/// kernel takes the caller's batch (the last group may be partial).
std::int64_t launch_batch(const GemmProblem& problem, const KernelConfig& config);
/// The config of the kernel that runs run_problem's problem: rows, tr and cols cleared.
KernelConfig run_config(KernelConfig config);
/// True where a config regroups the rows or columns or transposes (rows, cols > 0 or tr, GPU families).
bool reshapes(const KernelConfig& config);

/// The f64 slab on the tensor cores with two buffers (the next matrix's bulk copies in
/// flight while this one is multiplied), one matrix a slab, in a persistent grid of one CTA
/// an SM; warps of 2 x 1 blocks of 16 x 16 (1 x 2 where that pads no block and 2 x 1 would:
/// an odd count of 16-row blocks beside an even one of columns), 2 x 2 past 16 warps.
KernelConfig two_buffer_mma_slab(const GemmProblem& problem);

/// The heuristic's config for the matrices as the problem gives them (heuristic, below, also
/// weighs regrouping the batch's rows and may answer with rows > 0; this never does).
/// `wide_f32_outputs` past 36 lets f32 micro-tiles that divide M and N hold that many outputs.
KernelConfig heuristic_as_given(const GemmProblem& problem, const DeviceInfo& device, int align_bytes = 16,
                                int wide_f32_outputs = 36);

/// A valid config for any valid problem whose sides are at most kMaxKernelDim (past that,
/// Error(invalid_shape)), chosen without tuning. `align_bytes` is the alignment all three
/// pointers share (16, 8 or the element size).
KernelConfig heuristic(const GemmProblem& problem, const DeviceInfo& device, int align_bytes = 16);

/// For the tuner: the heuristic's bulk-copied slab with f32 micro-tiles of up to 72 outputs
/// that divide M and N (7 x 7 on 77^3), where that differs from the heuristic's own pick and
/// no regrouping was chosen; nothing otherwise. Faster than the pick on about half the f32
/// mid-size shapes measured, slower on the rest, so it is timed, never dispatched untimed.
std::optional<KernelConfig> wide_tile_seed(const GemmProblem& problem, const DeviceInfo& device, int align_bytes = 16);

/// The problem's canonical text with the batch size left out ("*"): the key of a
/// generated source, which does not depend on the batch.
std::string shape_key(const GemmProblem& problem);

/// Largest power of two (<= 16) dividing the address, in bytes.
int alignment_of(const void* p);

/// Embedded template fragments (templates/*.cuh), by file name.
std::string_view template_text(std::string_view name);
/// Names of all embedded fragments.
std::vector<std::string_view> template_names();

}  // namespace gen
}  // namespace tailor
