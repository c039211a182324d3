// The LLVM side of the CPU path: IR emission for one (problem, config), the O3 pipeline,
// and the ORC LLJIT that turns the module into machine code for this host.
//
// The emitted function loops over the batch entries [b0, b1); per matrix it walks the
// canonical output (runtime/cpu/cpu_shape.hpp) in register blocks. All sizes, strides and
// offsets are constants, so every address is the matrix base plus a constant (or a loop
// index times a constant). Vectors along a unit-stride dimension are plain loads; a tail
// shorter than the vector is a masked load/store with constant mask; along a strided
// dimension a vector is assembled from scalar loads. Accumulators live in allocas that
// SROA promotes to registers. A block whose outputs tile one contiguous run of C is
// stored as one vector; `order` 2 and 3 make the stores of C streaming (non-temporal,
// drained by an sfence before returning); order bit 3 reads B from packed panels on the
// stack, bit 4 prefetches a later matrix's inputs (bit 6: into L2), bit 5 stages each
// matrix's C on the stack and streams it out in whole aligned lines. Each output is accumulated in a fixed order with llvm.fma
// (fmul + fadd where the CPU has no FMA), so a kernel's result does not depend on how the
// batch is split over threads.
#include "runtime/cpu/cpu_jit.hpp"

#include <fmt/format.h>

#include <llvm/ExecutionEngine/Orc/ExecutionUtils.h>
#include <llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h>
#include <llvm/ExecutionEngine/Orc/LLJIT.h>
#include <llvm/ExecutionEngine/Orc/ThreadSafeModule.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsX86.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/TargetParser/Host.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <unordered_map>

#include "generator/generator.hpp"
#include "runtime/cpu/cpu_info.hpp"
#include "runtime/cpu/cpu_plan.hpp"
#include "runtime/cpu/cpu_shape.hpp"
#include "runtime/env.hpp"
#include "tailor/error.hpp"

namespace tailor::cpu {
namespace {

using llvm::Value;

std::string llvm_message(llvm::Error e) {
  std::string s;
  llvm::handleAllErrors(std::move(e), [&](const llvm::ErrorInfoBase& info) { s += info.message(); });
  return s;
}

// ---------------------------------------------------------------------------------------
// IR emission

class Emitter {
 public:
  Emitter(llvm::Module& mod, const GemmProblem& p, const KernelConfig& c, bool has_fma, bool x86,
          const std::string& name)
      : ctx_(mod.getContext()), mod_(mod), b_(ctx_), p_(p), c_(c), s_(cpu_shape(p)), fma_(has_fma), name_(name) {
    // Streaming stores: x86 only, and only for a C without gaps (written front to back).
    streaming_ = (c.order & 2) && x86 && p.packed_c();
    T_ = p.dtype == DType::f32 ? llvm::Type::getFloatTy(ctx_) : llvm::Type::getDoubleTy(ctx_);
    esize_ = p.esize();
    // Staged streaming (order bit 5) replaces bit 1 where C is packed and a matrix's C
    // fits the staging buffer.
    staged_ = stages_c(p, c) && x86;
    if (staged_) streaming_ = false;
    // Vector streaming stores only where every block's run of C starts 16-byte aligned by
    // construction (with C itself 16-byte aligned; the engine runs a plain-store twin for
    // any other C): matrices, row blocks and column blocks whole multiples of 16 bytes.
    const std::int64_t cols = c.order & 1 ? c.rn : std::int64_t(c.rn) * c.vec;  // a column block (as `streams`)
    vec_stream_ = (s_.stride_c * esize_) % 16 == 0 && (c.rm >= s_.m || (std::int64_t(c.rm) * s_.n * esize_) % 16 == 0) &&
                  (cols >= s_.n || (cols * esize_) % 16 == 0);
  }

  /// The kernel; with plain stores where the config's streaming stores cannot cover C whole.
  llvm::Function* emit() {
    llvm::Function* f = emit_once();
    if (!stream_broken_) return f;
    f->eraseFromParent();
    streaming_ = stream_broken_ = false;
    return emit_once();
  }

  /// Order bit 5 is honoured: C packed, a matrix's C at most 64 KB.
  static bool stages_c(const GemmProblem& p, const KernelConfig& c) {
    return (c.order & 32) && p.packed_c() && p.m * p.n * p.esize() <= 64 * 1024;
  }

 private:
  llvm::Function* emit_once() {
    auto* ptr = llvm::PointerType::get(ctx_, 0);
    auto* i64 = b_.getInt64Ty();
    auto* dbl = b_.getDoubleTy();
    auto* fty = llvm::FunctionType::get(b_.getVoidTy(), {ptr, ptr, ptr, dbl, dbl, i64, i64}, false);
    fn_ = llvm::Function::Create(fty, llvm::Function::ExternalLinkage, name_, mod_);
    fn_->addFnAttr(llvm::Attribute::NoUnwind);
    const char* names[] = {"A", "B", "C", "alpha", "beta", "b0", "b1"};
    for (unsigned i = 0; i < 7; ++i) fn_->getArg(i)->setName(names[i]);
    for (unsigned i = 0; i < 3; ++i) {
      fn_->addParamAttr(i, llvm::Attribute::NoAlias);
      fn_->addParamAttr(i, llvm::Attribute::NoCapture);
    }
    fn_->addParamAttr(0, llvm::Attribute::ReadOnly);
    fn_->addParamAttr(1, llvm::Attribute::ReadOnly);

    entry_ = llvm::BasicBlock::Create(ctx_, "entry", fn_);
    b_.SetInsertPoint(entry_);
    alpha_ = fn_->getArg(3), beta_ = fn_->getArg(4);
    if (p_.dtype == DType::f32) alpha_ = b_.CreateFPTrunc(alpha_, T_), beta_ = b_.CreateFPTrunc(beta_, T_);
    // The canonical A and B are the caller's B and A when C is column-major.
    Value* a_base = fn_->getArg(s_.swapped ? 1 : 0);
    Value* b_base = fn_->getArg(s_.swapped ? 0 : 1);
    Value* c_base = fn_->getArg(2);
    Value* b0 = fn_->getArg(5);
    Value* b1 = fn_->getArg(6);
    packed_once_ = false;
    if (c_.order & 8) {
      const std::int64_t elems = packed_b_elems(p_, c_);
      auto* at = llvm::ArrayType::get(T_, static_cast<std::uint64_t>(elems));
      auto* slot = b_.CreateAlloca(at);
      slot->setAlignment(llvm::Align(64));
      pack_buffer_ = slot;
      if (s_.stride_b == 0 && !(c_.order & 4) && (c_.order & 1) == 0) {
        // B is one matrix for the whole batch: pack it once (when the batch is not empty).
        auto* pack = llvm::BasicBlock::Create(ctx_, "pack", fn_);
        auto* packed = llvm::BasicBlock::Create(ctx_, "packed", fn_);
        b_.CreateCondBr(b_.CreateICmpSLT(b0, b1), pack, packed);
        b_.SetInsertPoint(pack);
        pb_ = b_base;
        pack_all(pack_buffer_);
        b_.CreateBr(packed);
        b_.SetInsertPoint(packed);
        packed_once_ = true;
      }
    }
    if (c_.order & 16) pf_ctr_ = acc_slot_i64();
    if (staged_) stage_setup(c_base, b0);

    auto* loop = llvm::BasicBlock::Create(ctx_, "batch", fn_);
    auto* exit = llvm::BasicBlock::Create(ctx_, "exit", fn_);
    llvm::BasicBlock* pre = b_.GetInsertBlock();
    b_.CreateCondBr(b_.CreateICmpSLT(b0, b1), loop, exit);
    b_.SetInsertPoint(loop);
    auto* bi = b_.CreatePHI(i64, 2, "b");
    bi->addIncoming(b0, pre);
    pa_ = b_.CreateGEP(T_, a_base, b_.CreateMul(bi, b_.getInt64(s_.stride_a)), "pa");
    pb_ = b_.CreateGEP(T_, b_base, b_.CreateMul(bi, b_.getInt64(s_.stride_b)), "pb");
    pc_ = b_.CreateGEP(T_, c_base, b_.CreateMul(bi, b_.getInt64(s_.stride_c)), "pc");
    prefetch_setup(bi);
    if (staged_) stage_begin();
    matrix();
    if (staged_) stage_flush();
    Value* next = b_.CreateAdd(bi, b_.getInt64(1), "b.next");
    bi->addIncoming(next, b_.GetInsertBlock());
    auto* last = llvm::BasicBlock::Create(ctx_, "last", fn_);
    b_.CreateCondBr(b_.CreateICmpSLT(next, b1), loop, last);
    b_.SetInsertPoint(last);
    if (staged_) stage_finish(c_base, b1);
    b_.CreateBr(exit);
    b_.SetInsertPoint(exit);
    // Streaming stores are weakly ordered: drain them before the caller (or the pool's
    // completion count) can signal that C is written.
    if (streaming_ || staged_) b_.CreateIntrinsic(llvm::Intrinsic::x86_sse_sfence, {}, {});
    b_.CreateRetVoid();
    return fn_;
  }

  // One vector (or scalar, width 1) of `valid` live lanes out of `width`.
  struct Seg {
    std::int64_t offset;  // first column (order 0)
    int width, valid;
  };

  llvm::Type* vty(int w) { return w == 1 ? T_ : llvm::FixedVectorType::get(T_, w); }
  Value* i64(std::int64_t v) { return b_.getInt64(v); }
  Value* zero(int w) { return llvm::Constant::getNullValue(vty(w)); }
  Value* splat(Value* s, int w) { return w == 1 ? s : b_.CreateVectorSplat(w, s); }
  llvm::Align align() const { return llvm::Align(esize_); }

  Value* gep(Value* base, Value* off) { return b_.CreateGEP(T_, base, off); }
  Value* mask(int width, int valid) {
    std::vector<llvm::Constant*> bits;
    for (int i = 0; i < width; ++i) bits.push_back(b_.getInt1(i < valid));
    return llvm::ConstantVector::get(bits);
  }

  // `valid` elements at p, p + stride, ...; lanes past `valid` are zero.
  Value* load_line(Value* p, std::int64_t stride, int width, int valid) {
    if (width == 1) return b_.CreateAlignedLoad(T_, p, align());
    if (stride == 1) {
      if (valid == width) return b_.CreateAlignedLoad(vty(width), p, align());
      return b_.CreateMaskedLoad(vty(width), p, align(), mask(width, valid), zero(width));
    }
    Value* v = zero(width);
    for (int t = 0; t < valid; ++t)
      v = b_.CreateInsertElement(v, b_.CreateAlignedLoad(T_, gep(p, i64(t * stride)), align()), t);
    return v;
  }

  // A store of C; streaming (non-temporal) when the config asks for it. Streaming stores
  // must never share a line with plain or masked stores (the write-combining buffer would
  // be flushed partially, at a fraction of the bandwidth): a masked store marks the
  // kernel, which is then emitted again with plain stores only. Elements are stored as
  // integers, which x86 can stream (movnti) and floats it cannot.
  //
  // A streaming store must be aligned to its own size: off it, LLVM lowers it to
  // something 17x slower (3x1 f64 blocks, 24 bytes apart: bench/NOTES.md). `aligned` says
  // the caller knows this store is (a run base 16-byte aligned by construction, see
  // `vec_stream_`, and an offset that is a multiple of the store's size, at most 16
  // bytes); otherwise the value goes out one element at a time (movnti of 4 or 8 bytes),
  // aligned wherever C is aligned to its element.
  void store(Value* v, Value* p, bool aligned = false) {
    if (!streaming_) {
      b_.CreateAlignedStore(v, p, align());
      return;
    }
    const std::uint64_t bytes = mod_.getDataLayout().getTypeStoreSize(v->getType());
    if (aligned && bytes <= 16) {
      if (bytes <= 8) v = b_.CreateBitCast(v, b_.getIntNTy(static_cast<unsigned>(bytes * 8)));
      llvm::StoreInst* st = b_.CreateAlignedStore(v, p, llvm::Align(bytes));
      st->setMetadata(llvm::LLVMContext::MD_nontemporal,
                      llvm::MDNode::get(ctx_, llvm::ConstantAsMetadata::get(b_.getInt32(1))));
      return;
    }
    auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(v->getType());
    const int lanes = vt ? static_cast<int>(vt->getNumElements()) : 1;
    for (int t = 0; t < lanes; ++t) {
      Value* e = vt ? b_.CreateExtractElement(v, static_cast<std::uint64_t>(t)) : v;
      e = b_.CreateBitCast(e, b_.getIntNTy(static_cast<unsigned>(esize_ * 8)));
      llvm::StoreInst* st = b_.CreateAlignedStore(e, t ? gep(p, i64(t)) : p, align());
      st->setMetadata(llvm::LLVMContext::MD_nontemporal,
                      llvm::MDNode::get(ctx_, llvm::ConstantAsMetadata::get(b_.getInt32(1))));
    }
  }

  void store_line(Value* v, Value* p, std::int64_t stride, int width, int valid, bool aligned = false) {
    if (width == 1) {
      store(v, p);
      return;
    }
    if (stride == 1) {
      if (valid == width) {
        store(v, p, aligned);
      } else {
        b_.CreateMaskedStore(v, p, align(), mask(width, valid));
        stream_broken_ = streaming_;
      }
      return;
    }
    for (int t = 0; t < valid; ++t) store(b_.CreateExtractElement(v, t), gep(p, i64(t * stride)));
  }

  // The outputs of one register block: values (vectors of `width` lanes of which `valid`
  // are live, or scalars) at element offsets from the block's base in C.
  struct Out {
    std::int64_t offset;
    Value* v;
    int width, valid;
  };
  // Stores a block's outputs. When they tile one contiguous run of C (whole rows of a
  // matrix whose rows are back to back), they go out as one vector: fewer stores, and
  // streaming stores that the hardware can combine into whole lines. Streaming is kept
  // only where every block is such a run.
  void store_block(Value* base, std::vector<Out> outs) {
    std::sort(outs.begin(), outs.end(), [](const Out& a, const Out& b) { return a.offset < b.offset; });
    std::int64_t next = outs.empty() ? -1 : outs.front().offset;
    bool contiguous = !outs.empty();
    for (const Out& o : outs) {
      contiguous = contiguous && o.offset == next;
      next = o.offset + o.valid;
    }
    const std::int64_t total = outs.empty() ? 0 : next - outs.front().offset;
    // Streaming stores pay off only where each block's outputs are one short run of C
    // stored at once, front to back (measured: 5 to 25 % faster for 2x2x2 to 8x8x8; with
    // longer rows stored piecewise, lines are flushed half written, 10x slower).
    if (streaming_ && !(contiguous && total * esize_ <= 128)) stream_broken_ = true;
    if (contiguous && total <= 16 && outs.size() > 1) {
      std::vector<Value*> lanes;
      for (const Out& o : outs)
        for (int t = 0; t < o.valid; ++t) lanes.push_back(o.width == 1 ? o.v : b_.CreateExtractElement(o.v, t));
      // One store; streaming ones in power-of-two pieces of at most 16 bytes, largest
      // first, so that each piece's offset is a multiple of its size (LLVM would store the
      // odd end of a longer vector plainly).
      std::int64_t first = 0;
      while (first < total) {
        std::int64_t n = total - first;
        if (streaming_) {
          n = std::int64_t(1) << (63 - __builtin_clzll(static_cast<unsigned long long>(n)));
          n = std::min<std::int64_t>(n, 16 / esize_);
        }
        Value* v = llvm::PoisonValue::get(vty(static_cast<int>(n)));
        if (n == 1) v = lanes[static_cast<std::size_t>(first)];
        else
          for (std::int64_t t = 0; t < n; ++t)
            v = b_.CreateInsertElement(v, lanes[static_cast<std::size_t>(first + t)], static_cast<std::uint64_t>(t));
        store(v, gep(base, i64(outs.front().offset + first)), vec_stream_ && (outs.front().offset * esize_) % 16 == 0);
        first += n;
      }
      return;
    }
    for (const Out& o : outs)
      store_line(o.v, gep(base, i64(o.offset)), 1, o.width, o.valid,
                 vec_stream_ && o.width * esize_ <= 16 && (o.offset * esize_) % (o.width * esize_) == 0);
  }

  Value* fma(Value* a, Value* x, Value* acc) {
    if (fma_) return b_.CreateIntrinsic(llvm::Intrinsic::fma, {a->getType()}, {a, x, acc});
    return b_.CreateFAdd(b_.CreateFMul(a, x), acc);
  }

  // C = alpha * acc + beta * C (C read only when beta != 0), as the GPU kernels do.
  Value* epilogue(Value* acc, Value* c_ptr, std::int64_t stride, int width, int valid) {
    Value* r = acc;
    if (p_.alpha_kind != ScalarKind::one) r = b_.CreateFMul(splat(alpha_, width), r);
    if (p_.beta_kind == ScalarKind::one) r = b_.CreateFAdd(r, load_line(c_ptr, stride, width, valid));
    else if (p_.beta_kind == ScalarKind::general)
      r = fma(splat(beta_, width), load_line(c_ptr, stride, width, valid), r);
    return r;
  }

  llvm::AllocaInst* acc_slot(int width) {
    llvm::IRBuilder<> eb(entry_, entry_->begin());
    return eb.CreateAlloca(vty(width));
  }
  llvm::AllocaInst* acc_slot_i64() {
    llvm::IRBuilder<> eb(entry_, entry_->begin());
    return eb.CreateAlloca(eb.getInt64Ty());
  }

  // for (iv = 0; iv < count; ++iv) body(iv): straight-line when count <= 1.
  void loop(std::int64_t count, const char* name, const std::function<void(Value*)>& body) {
    if (count <= 0) return;
    if (count == 1) {
      body(i64(0));
      return;
    }
    llvm::BasicBlock* pre = b_.GetInsertBlock();
    auto* head = llvm::BasicBlock::Create(ctx_, name, fn_);
    auto* done = llvm::BasicBlock::Create(ctx_, std::string(name) + ".done", fn_);
    b_.CreateBr(head);
    b_.SetInsertPoint(head);
    auto* iv = b_.CreatePHI(b_.getInt64Ty(), 2, name);
    iv->addIncoming(i64(0), pre);
    body(iv);
    Value* next = b_.CreateAdd(iv, i64(1));
    iv->addIncoming(next, b_.GetInsertBlock());
    b_.CreateCondBr(b_.CreateICmpSLT(next, i64(count)), head, done);
    b_.SetInsertPoint(done);
  }

  // steps 0 .. n-1 of the reduction, `unroll` of them per loop iteration.
  void unrolled(std::int64_t n, const std::function<void(Value*)>& step) {
    const std::int64_t u = std::max(1, c_.unroll);
    if (n <= u) {
      for (std::int64_t t = 0; t < n; ++t) step(i64(t));
      return;
    }
    loop(n / u, "k", [&](Value* iv) {
      for (std::int64_t t = 0; t < u; ++t) step(b_.CreateAdd(b_.CreateMul(iv, i64(u)), i64(t)));
    });
    for (std::int64_t t = (n / u) * u; t < n; ++t) step(i64(t));
  }

  void matrix() {
    if (c_.order % 2 == 0) matrix_outer();
    else matrix_dot();
  }

  // ----- order 0: rm rows x rn vectors of `vec` columns; B rows loaded, A broadcast.
  std::vector<Seg> segments(std::int64_t first, std::int64_t cols) {
    std::vector<Seg> segs;
    const int vec = c_.vec;
    std::int64_t j = 0;
    for (; j + vec <= cols; j += vec) segs.push_back({first + j, vec, vec});
    if (j < cols) {
      const int rest = static_cast<int>(cols - j);
      segs.push_back({first + j, static_cast<int>(std::min<std::int64_t>(vec, pow2_ceil(rest))), rest});
    }
    return segs;
  }

  // Block bases: every element of a block is its base plus a constant, or plus a multiple
  // of the reduction index, so the machine code addresses it as [base + displacement].
  Value* a_block(Value* i0) { return gep(pa_, b_.CreateMul(i0, i64(s_.a_rs))); }
  Value* b_block(Value* j0) { return gep(pb_, b_.CreateMul(j0, i64(s_.b_cs))); }
  Value* c_block(Value* i0, Value* j0) { return gep(pc_, b_.CreateAdd(b_.CreateMul(i0, i64(s_.c_rs)), j0)); }
  // Where a block's results are stored: C, or the staging buffer.
  Value* c_wblock(Value* i0, Value* j0) {
    return gep(staged_ ? cw_ : pc_, b_.CreateAdd(b_.CreateMul(i0, i64(s_.c_rs)), j0));
  }

  // B's column block: its base and element strides (the caller's B, or a packed panel).
  struct BView {
    Value* base;
    std::int64_t rs, cs;
  };

  void block_outer(Value* i0, int rows, Value* j0, const std::vector<Seg>& segs, BView bview) {
    std::vector<std::vector<llvm::AllocaInst*>> acc(rows);
    for (int r = 0; r < rows; ++r)
      for (const Seg& sg : segs) {
        acc[r].push_back(acc_slot(sg.width));
        b_.CreateStore(zero(sg.width), acc[r].back());
      }
    Value* ab = a_block(i0);
    Value* bb = bview.base;
    unrolled(s_.k, [&](Value* k) {
      prefetch_step();
      Value* brow = gep(bb, b_.CreateMul(k, i64(bview.rs)));
      Value* acol = gep(ab, b_.CreateMul(k, i64(s_.a_cs)));
      std::vector<Value*> bv;
      for (const Seg& sg : segs)
        bv.push_back(load_line(gep(brow, i64(sg.offset * bview.cs)), bview.cs, sg.width, sg.valid));
      for (int r = 0; r < rows; ++r) {
        Value* a = b_.CreateAlignedLoad(T_, gep(acol, i64(r * s_.a_rs)), align());
        for (std::size_t q = 0; q < segs.size(); ++q) {
          const int w = segs[q].width;
          Value* cur = b_.CreateLoad(vty(w), acc[r][q]);
          b_.CreateStore(fma(splat(a, w), bv[q], cur), acc[r][q]);
        }
      }
    });
    Value* cb = c_block(i0, j0);
    std::vector<Out> outs;
    for (int r = 0; r < rows; ++r)
      for (std::size_t q = 0; q < segs.size(); ++q) {
        const Seg& sg = segs[q];
        const std::int64_t off = r * s_.c_rs + sg.offset;
        Value* v = epilogue(b_.CreateLoad(vty(sg.width), acc[r][q]), gep(cb, i64(off)), 1, sg.width, sg.valid);
        outs.push_back({off, v, sg.width, sg.valid});
      }
    store_block(c_wblock(i0, j0), std::move(outs));
  }

  // ----- order 1: rm rows x rn columns, each a vector of partial sums along K.
  Value* hsum(Value* v, int width) {
    // Pairwise: lanes [0, w/2) + [w/2, w) until one is left; a fixed order.
    while (width > 1) {
      const int h = width / 2;
      std::vector<int> lo, hi;
      for (int t = 0; t < h; ++t) lo.push_back(t), hi.push_back(t + h);
      v = b_.CreateFAdd(b_.CreateShuffleVector(v, lo), b_.CreateShuffleVector(v, hi));
      width = h;
    }
    return v->getType()->isVectorTy() ? b_.CreateExtractElement(v, std::uint64_t(0)) : v;
  }

  // The dot product's B vectors (`valid` steps of K down each of `cols` columns) where
  // B's rows are short and back to back (b_cs = 1, e.g. 128x4): the run of B they span
  // is loaded with a few whole vectors and each column picked out with one shuffle,
  // instead of one scalar load and insert per lane (the inserts compete with the FMAs
  // for the vector ports). Lanes past `valid` come from a zero lane. False where it does
  // not apply.
  bool span_columns(Value* brow, int cols, int w, int valid, std::vector<Value*>& out) {
    if (w == 1 || s_.b_cs != 1 || s_.b_rs <= 1) return false;
    const std::int64_t span = (valid - 1) * s_.b_rs + cols;
    if (span > 64 || span * esize_ > 512) return false;
    std::vector<Value*> parts;
    for (std::int64_t c = 0; c * w < span; ++c)
      parts.push_back(load_line(gep(brow, i64(c * w)), 1, w, static_cast<int>(std::min<std::int64_t>(w, span - c * w))));
    if (span % w == 0) parts.push_back(zero(w));  // a zero lane at index `span`
    int width = w;
    while (parts.size() > 1) {  // concatenate pairwise into one vector
      if (parts.size() % 2) parts.push_back(zero(width));
      std::vector<Value*> next;
      std::vector<int> idx;
      for (int t = 0; t < 2 * width; ++t) idx.push_back(t);
      for (std::size_t t = 0; t < parts.size(); t += 2) next.push_back(b_.CreateShuffleVector(parts[t], parts[t + 1], idx));
      parts = std::move(next);
      width *= 2;
    }
    for (int q = 0; q < cols; ++q) {
      std::vector<int> idx;
      for (int t = 0; t < w; ++t) idx.push_back(t < valid ? static_cast<int>(q + t * s_.b_rs) : static_cast<int>(span));
      out.push_back(b_.CreateShuffleVector(parts[0], idx));
    }
    return true;
  }

  void block_dot(Value* i0, int rows, Value* j0, int cols) {
    const int w = c_.vec;
    std::vector<llvm::AllocaInst*> acc;
    for (int t = 0; t < rows * cols; ++t) {
      acc.push_back(acc_slot(w));
      b_.CreateStore(zero(w), acc.back());
    }
    Value* ab = a_block(i0);
    Value* bb = b_block(j0);
    auto step = [&](Value* kk, int valid) {
      prefetch_step();
      Value* acol = gep(ab, b_.CreateMul(kk, i64(s_.a_cs)));
      Value* brow = gep(bb, b_.CreateMul(kk, i64(s_.b_rs)));
      std::vector<Value*> av, bv;
      for (int r = 0; r < rows; ++r) av.push_back(load_line(gep(acol, i64(r * s_.a_rs)), s_.a_cs, w, valid));
      if (!span_columns(brow, cols, w, valid, bv))
        for (int q = 0; q < cols; ++q) bv.push_back(load_line(gep(brow, i64(q * s_.b_cs)), s_.b_rs, w, valid));
      for (int r = 0; r < rows; ++r)
        for (int q = 0; q < cols; ++q) {
          llvm::AllocaInst* slot = acc[r * cols + q];
          b_.CreateStore(fma(av[r], bv[q], b_.CreateLoad(vty(w), slot)), slot);
        }
    };
    const std::int64_t full = s_.k / w, tail = s_.k % w;
    unrolled(full, [&](Value* t) { step(b_.CreateMul(t, i64(w)), w); });
    if (tail) step(i64(full * w), static_cast<int>(tail));
    Value* cb = c_block(i0, j0);
    std::vector<Out> outs;
    for (int r = 0; r < rows; ++r)
      for (int q = 0; q < cols; ++q) {
        const std::int64_t off = r * s_.c_rs + q;
        Value* sum = hsum(b_.CreateLoad(vty(w), acc[r * cols + q]), w);
        outs.push_back({off, epilogue(sum, gep(cb, i64(off)), 1, 1, 1), 1, 1});
      }
    store_block(c_wblock(i0, j0), std::move(outs));
  }

  // The blocks of one matrix: row blocks of rm rows (and the rows left over) by column
  // blocks of `bw` columns (and the columns left over), rows outer, or with order bit 2
  // columns outer (a panel of B then stays in L1 while A's rows stream past it).
  void blocks(std::int64_t bw, const std::function<void(Value*, int, Value*, std::int64_t)>& block,
              const std::function<void(Value*, std::int64_t)>& panel = {}) {
    const std::int64_t nb = s_.n / bw, rest_n = s_.n % bw;
    const std::int64_t mb = s_.m / c_.rm, rest_m = s_.m % c_.rm;
    auto rows_of = [&](Value* j0, std::int64_t cols) {
      loop(mb, "ib", [&](Value* ib) { block(b_.CreateMul(ib, i64(c_.rm)), c_.rm, j0, cols); });
      if (rest_m) block(i64(mb * c_.rm), static_cast<int>(rest_m), j0, cols);
    };
    auto cols_of = [&](Value* i0, int rows) {
      loop(nb, "jb", [&](Value* jb) { block(i0, rows, b_.CreateMul(jb, i64(bw)), bw); });
      if (rest_n) block(i0, rows, i64(nb * bw), rest_n);
    };
    if (c_.order & 4) {
      auto panel_rows = [&](Value* j0, std::int64_t cols) {
        if (panel) panel(j0, cols);
        rows_of(j0, cols);
      };
      loop(nb, "jb", [&](Value* jb) { panel_rows(b_.CreateMul(jb, i64(bw)), bw); });
      if (rest_n) panel_rows(i64(nb * bw), rest_n);
    } else {
      loop(mb, "ib", [&](Value* ib) { cols_of(b_.CreateMul(ib, i64(c_.rm)), c_.rm); });
      if (rest_m) cols_of(i64(mb * c_.rm), static_cast<int>(rest_m));
    }
  }

  // Columns of a block of `cols` columns once padded to whole segments.
  std::int64_t padded(std::int64_t cols) {
    std::int64_t w = 0;
    for (const Seg& sg : segments(0, cols)) w += sg.width;
    return w;
  }

  // Copies B's columns [j0, j0 + cols) into a packed panel: row k at panel + k * pw, the
  // tail segment padded with zeros, so each step of the block reads one contiguous run
  // (B's own rows may sit at a power-of-two stride that maps a whole panel onto a few
  // sets of L1, or its columns may be strided).
  void pack_panel(Value* panel, Value* j0, std::int64_t cols) {
    const std::vector<Seg> segs = segments(0, cols);
    const std::int64_t pw = padded(cols);
    Value* src = b_block(j0);
    loop(s_.k, "pk", [&](Value* k) {
      Value* row = gep(src, b_.CreateMul(k, i64(s_.b_rs)));
      Value* dst = gep(panel, b_.CreateMul(k, i64(pw)));
      for (const Seg& sg : segs) {
        Value* v = load_line(gep(row, i64(sg.offset * s_.b_cs)), s_.b_cs, sg.width, sg.valid);
        b_.CreateAlignedStore(v, gep(dst, i64(sg.offset)), align());
      }
    });
  }

  void matrix_outer() {
    const std::int64_t bw = std::int64_t(c_.rn) * c_.vec;
    if (!(c_.order & 8)) {
      blocks(bw, [&](Value* i0, int rows, Value* j0, std::int64_t cols) {
        block_outer(i0, rows, j0, segments(0, cols), BView{b_block(j0), s_.b_rs, s_.b_cs});
      });
      return;
    }
    // Packed B: with columns outer one panel, packed before its row blocks; with rows
    // outer every panel, packed when the matrix starts (once for the whole call when B
    // is shared by the batch). A full panel is bw wide, so a panel's base is j0 * K.
    Value* buf = pack_buffer_;
    if (c_.order & 4) {
      blocks(
          bw,
          [&](Value* i0, int rows, Value* j0, std::int64_t cols) {
            block_outer(i0, rows, j0, segments(0, cols), BView{buf, padded(cols), 1});
          },
          [&](Value* j0, std::int64_t cols) { pack_panel(buf, j0, cols); });
      return;
    }
    if (!packed_once_) pack_all(buf);
    blocks(bw, [&](Value* i0, int rows, Value* j0, std::int64_t cols) {
      block_outer(i0, rows, j0, segments(0, cols), BView{gep(buf, b_.CreateMul(j0, i64(s_.k))), padded(cols), 1});
    });
  }

  void pack_all(Value* buf) {
    const std::int64_t bw = std::int64_t(c_.rn) * c_.vec;
    const std::int64_t nb = s_.n / bw, rest = s_.n % bw;
    loop(nb, "pb", [&](Value* jb) {
      Value* j0 = b_.CreateMul(jb, i64(bw));
      pack_panel(gep(buf, b_.CreateMul(j0, i64(s_.k))), j0, bw);
    });
    if (rest) pack_panel(gep(buf, i64(nb * bw * s_.k)), i64(nb * bw), rest);
  }

  // ----- order bit 5 (32): staged streaming stores of C. A packed C is one run of bytes
  // over the batch, at whatever alignment the caller's pointer has (malloc: 16 bytes past
  // a line). Each matrix's results go to a staging buffer on the stack at the offset h
  // its first element has within a cache line; then every whole line of C goes out with
  // an aligned streaming store, and the part of a line that continues into the next
  // matrix is carried to the front of the buffer. The lines at the two ends of the range
  // [b0, b1), shared with matrices of other tasks, are stored masked, byte by byte.
  llvm::Type* line_ty() { return llvm::FixedVectorType::get(b_.getInt8Ty(), 64); }
  Value* byte_mask(Value* lo, Value* hi) {  // lanes lo <= i < hi
    std::vector<llvm::Constant*> idx;
    for (int i = 0; i < 64; ++i) idx.push_back(b_.getInt8(static_cast<std::uint8_t>(i)));
    Value* lanes = llvm::ConstantVector::get(idx);
    auto* i8 = b_.getInt8Ty();
    Value* l = b_.CreateVectorSplat(64, b_.CreateTrunc(lo, i8));
    Value* h = b_.CreateVectorSplat(64, b_.CreateTrunc(hi, i8));
    return b_.CreateAnd(b_.CreateICmpUGE(lanes, l), b_.CreateICmpULT(lanes, h));
  }
  Value* offset_in_line(Value* p) { return b_.CreateAnd(b_.CreatePtrToInt(p, b_.getInt64Ty()), i64(63)); }
  void nt_store(Value* v, Value* p) {
    llvm::StoreInst* st = b_.CreateAlignedStore(v, p, llvm::Align(64));
    st->setMetadata(llvm::LLVMContext::MD_nontemporal,
                    llvm::MDNode::get(ctx_, llvm::ConstantAsMetadata::get(b_.getInt32(1))));
  }

  void stage_setup(Value* c_base, Value* b0) {
    const std::int64_t bytes = s_.stride_c * esize_ + 128;
    auto* slot = b_.CreateAlloca(llvm::ArrayType::get(b_.getInt8Ty(), static_cast<std::uint64_t>(bytes)));
    slot->setAlignment(llvm::Align(64));
    stage_ = slot;
    stage_lo_ = acc_slot_i64();  // bytes of the pending line that belong to an earlier task
    Value* first = b_.CreateGEP(T_, c_base, b_.CreateMul(b0, i64(s_.stride_c)));
    b_.CreateStore(offset_in_line(first), stage_lo_);
  }

  void stage_begin() {
    stage_h_ = offset_in_line(pc_);
    cw_ = b_.CreateGEP(b_.getInt8Ty(), stage_, stage_h_);
  }

  // Whole lines of [C's line start, pc + R) out of the buffer; the rest carried.
  void stage_flush() {
    auto* i8 = b_.getInt8Ty();
    const std::int64_t R = s_.stride_c * esize_;
    Value* total = b_.CreateAdd(stage_h_, i64(R));
    Value* lines = b_.CreateLShr(total, i64(6));
    Value* dst = b_.CreateGEP(i8, pc_, b_.CreateNeg(stage_h_));  // C's line holding pc
    auto* some = llvm::BasicBlock::Create(ctx_, "st.lines", fn_);
    auto* after = llvm::BasicBlock::Create(ctx_, "st.after", fn_);
    b_.CreateCondBr(b_.CreateICmpUGE(lines, i64(1)), some, after);
    b_.SetInsertPoint(some);
    {  // line 0: whole, or masked where it starts before this task's first matrix
      Value* lo = b_.CreateLoad(b_.getInt64Ty(), stage_lo_);
      Value* v = b_.CreateAlignedLoad(line_ty(), stage_, llvm::Align(64));
      auto* whole = llvm::BasicBlock::Create(ctx_, "st.whole", fn_);
      auto* part = llvm::BasicBlock::Create(ctx_, "st.part", fn_);
      auto* rest = llvm::BasicBlock::Create(ctx_, "st.rest", fn_);
      b_.CreateCondBr(b_.CreateICmpEQ(lo, i64(0)), whole, part);
      b_.SetInsertPoint(whole);
      nt_store(v, dst);
      b_.CreateBr(rest);
      b_.SetInsertPoint(part);
      b_.CreateMaskedStore(v, dst, llvm::Align(64), byte_mask(lo, i64(64)));
      b_.CreateStore(i64(0), stage_lo_);
      b_.CreateBr(rest);
      b_.SetInsertPoint(rest);
    }
    // lines 1 .. lines-1
    llvm::BasicBlock* pre = b_.GetInsertBlock();
    auto* body = llvm::BasicBlock::Create(ctx_, "st.body", fn_);
    auto* done = llvm::BasicBlock::Create(ctx_, "st.done", fn_);
    b_.CreateCondBr(b_.CreateICmpUGT(lines, i64(1)), body, done);
    b_.SetInsertPoint(body);
    auto* t = b_.CreatePHI(b_.getInt64Ty(), 2, "st.t");
    t->addIncoming(i64(1), pre);
    Value* off = b_.CreateShl(t, i64(6));
    nt_store(b_.CreateAlignedLoad(line_ty(), b_.CreateGEP(i8, stage_, off), llvm::Align(64)),
             b_.CreateGEP(i8, dst, off));
    Value* tn = b_.CreateAdd(t, i64(1));
    t->addIncoming(tn, body);
    b_.CreateCondBr(b_.CreateICmpULT(tn, lines), body, done);
    b_.SetInsertPoint(done);
    // The partial line left over (if any) to the front of the buffer.
    Value* tail = b_.CreateGEP(i8, stage_, b_.CreateShl(lines, i64(6)));
    b_.CreateAlignedStore(b_.CreateAlignedLoad(line_ty(), tail, llvm::Align(64)), stage_, llvm::Align(64));
    b_.CreateBr(after);
    b_.SetInsertPoint(after);
  }

  // After the last matrix of the range: the pending partial line, masked.
  void stage_finish(Value* c_base, Value* b1) {
    Value* end = b_.CreateGEP(T_, c_base, b_.CreateMul(b1, i64(s_.stride_c)));
    Value* rem = offset_in_line(end);
    auto* some = llvm::BasicBlock::Create(ctx_, "st.tail", fn_);
    auto* done = llvm::BasicBlock::Create(ctx_, "st.end", fn_);
    b_.CreateCondBr(b_.CreateICmpNE(rem, i64(0)), some, done);
    b_.SetInsertPoint(some);
    Value* lo = b_.CreateLoad(b_.getInt64Ty(), stage_lo_);
    Value* v = b_.CreateAlignedLoad(line_ty(), stage_, llvm::Align(64));
    Value* dst = b_.CreateGEP(b_.getInt8Ty(), end, b_.CreateNeg(rem));
    b_.CreateMaskedStore(v, dst, llvm::Align(64), byte_mask(lo, rem));
    b_.CreateBr(done);
    b_.SetInsertPoint(done);
  }

  // ----- order bit 4 (16): software prefetch (bit 6, 64: into L2) of a later matrix's A and B, a few lines per
  // reduction step, spread over the matrix (memory-bound products: more misses in flight
  // than the hardware prefetchers keep for many short streams). Prefetches never fault.
  void prefetch_setup(Value* bi) {
    if (!(c_.order & 16)) return;
    const std::int64_t la = s_.stride_a ? (s_.stride_a * esize_ + 63) / 64 : 0;
    const std::int64_t lb = s_.stride_b ? (s_.stride_b * esize_ + 63) / 64 : 0;
    pf_lines_a_ = la, pf_lines_ = la + lb;
    if (pf_lines_ == 0) return;
    const std::int64_t steps = std::max<std::int64_t>(1, reduction_steps());
    pf_per_step_ = (pf_lines_ + steps - 1) / steps;
    // Far enough ahead that the lines arrive in time: about 4 KB, at least one matrix.
    const std::int64_t per = std::max<std::int64_t>(64, (s_.stride_a + s_.stride_b) * esize_);
    const std::int64_t ahead = std::max<std::int64_t>(1, (4096 + per - 1) / per);
    Value* nb = b_.CreateAdd(bi, i64(ahead));
    auto* i8 = b_.getInt8Ty();
    Value* a_base = fn_->getArg(s_.swapped ? 1 : 0);
    Value* b_base = fn_->getArg(s_.swapped ? 0 : 1);
    pf_a_ = b_.CreateGEP(i8, a_base, b_.CreateMul(nb, i64(s_.stride_a * esize_)));
    pf_b_ = b_.CreateGEP(i8, b_base, b_.CreateMul(nb, i64(s_.stride_b * esize_)));
    b_.CreateStore(i64(0), pf_ctr_);
  }

  // Reduction steps (calls of prefetch_step) in one matrix.
  std::int64_t reduction_steps() {
    const std::int64_t bw = c_.order & 1 ? c_.rn : std::int64_t(c_.rn) * c_.vec;
    const std::int64_t blocks = ((s_.m + c_.rm - 1) / c_.rm) * ((s_.n + bw - 1) / bw);
    const std::int64_t per = c_.order & 1 ? s_.k / c_.vec + (s_.k % c_.vec ? 1 : 0) : s_.k;
    return blocks * per;
  }

  void prefetch_step() {
    if (!(c_.order & 16) || pf_lines_ == 0) return;
    auto* i8 = b_.getInt8Ty();
    Value* t = b_.CreateLoad(b_.getInt64Ty(), pf_ctr_);
    for (std::int64_t q = 0; q < pf_per_step_; ++q) {
      Value* line = b_.CreateAdd(t, i64(q));
      // Past the last line: the last one again (cheap: it is in flight or in L1).
      line = b_.CreateSelect(b_.CreateICmpULT(line, i64(pf_lines_)), line, i64(pf_lines_ - 1));
      Value* in_a = b_.CreateICmpULT(line, i64(pf_lines_a_));
      Value* pa = b_.CreateGEP(i8, pf_a_, b_.CreateMul(line, i64(64)));
      Value* pb = b_.CreateGEP(i8, pf_b_, b_.CreateMul(b_.CreateSub(line, i64(pf_lines_a_)), i64(64)));
      Value* p = pf_lines_a_ == 0 ? pb : pf_lines_a_ == pf_lines_ ? pa : b_.CreateSelect(in_a, pa, pb);
      // llvm.prefetch(address, rw = 0 read, locality 3 (x86: prefetcht0, into L1) or with
      // order bit 6 locality 2 (prefetcht1, into L2: more misses in flight than L1's fill
      // buffers allow; 16x16x16 f32 and 16x128x4 f64 ran 4-10 % faster, 8x8x8 f32 8 %
      // slower), cache type = 1 data)
      b_.CreateIntrinsic(llvm::Intrinsic::prefetch, {p->getType()}, {p, b_.getInt32(0), b_.getInt32(c_.order & 64 ? 2 : 3), b_.getInt32(1)});
    }
    b_.CreateStore(b_.CreateAdd(t, i64(pf_per_step_)), pf_ctr_);
  }

  void matrix_dot() {
    blocks(c_.rn, [&](Value* i0, int rows, Value* j0, std::int64_t cols) {
      block_dot(i0, rows, j0, static_cast<int>(cols));
    });
  }

  llvm::LLVMContext& ctx_;
  llvm::Module& mod_;
  llvm::IRBuilder<> b_;
  const GemmProblem& p_;
  const KernelConfig& c_;
  CpuShape s_;
  bool fma_;
  bool streaming_ = false, stream_broken_ = false, vec_stream_ = false;
  std::string name_;
  llvm::Type* T_ = nullptr;
  std::int64_t esize_ = 4;
  llvm::Function* fn_ = nullptr;
  llvm::BasicBlock* entry_ = nullptr;
  Value *alpha_ = nullptr, *beta_ = nullptr, *pa_ = nullptr, *pb_ = nullptr, *pc_ = nullptr;
  bool staged_ = false;           // order bit 5: C through the staging buffer
  Value *stage_ = nullptr, *stage_h_ = nullptr, *cw_ = nullptr;
  llvm::AllocaInst* stage_lo_ = nullptr;
  Value* pack_buffer_ = nullptr;  // order bit 3: the packed panels of B
  bool packed_once_ = false;      // ... packed before the batch loop (B shared by the batch)
  llvm::AllocaInst* pf_ctr_ = nullptr;  // order bit 4: lines prefetched so far in this matrix
  Value *pf_a_ = nullptr, *pf_b_ = nullptr;
  std::int64_t pf_lines_ = 0, pf_lines_a_ = 0, pf_per_step_ = 1;
};

// ---------------------------------------------------------------------------------------
// The JIT: one LLJIT per process, its target machine, and the cache by kernel name.

struct Jit {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::unique_ptr<llvm::TargetMachine> tm;  // for the optimisation pipeline
  std::string cpu_name, features;
  bool fma = false;
  std::string error;  // why the JIT could not start
  std::mutex mu;
  std::unordered_map<std::string, std::shared_ptr<const CompiledCpuKernel>> cache;
};

Jit& jit() {
  static Jit* j = [] {
    auto* s = new Jit;  // lives for the process: kernels may be called until exit
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!jtmb) {
      s->error = llvm_message(jtmb.takeError());
      return s;
    }
    jtmb->setCodeGenOptLevel(llvm::CodeGenOpt::Aggressive);
    s->cpu_name = jtmb->getCPU();
    s->features = jtmb->getFeatures().getString();
    s->fma = s->features.find("+fma") != std::string::npos || s->features.find("+neon") != std::string::npos ||
             jtmb->getTargetTriple().isAArch64();
    auto tm = jtmb->createTargetMachine();
    if (!tm) {
      s->error = llvm_message(tm.takeError());
      return s;
    }
    s->tm = std::move(*tm);
    auto lljit = llvm::orc::LLJITBuilder().setJITTargetMachineBuilder(*jtmb).create();
    if (!lljit) {
      s->error = llvm_message(lljit.takeError());
      return s;
    }
    s->jit = std::move(*lljit);
    // Generated code may call memset/memcpy; resolve them in this process.
    auto gen = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
        s->jit->getDataLayout().getGlobalPrefix());
    if (!gen) {
      s->error = llvm_message(gen.takeError());
      return s;
    }
    s->jit->getMainJITDylib().addGenerator(std::move(*gen));
    return s;
  }();
  return *j;
}

std::unique_ptr<llvm::Module> build_module(llvm::LLVMContext& ctx, const GemmProblem& p, const KernelConfig& c,
                                           const std::string& name, Jit& j) {
  auto mod = std::make_unique<llvm::Module>(name, ctx);
  mod->setDataLayout(j.tm->createDataLayout());
  mod->setTargetTriple(j.tm->getTargetTriple().str());
  const bool x86 = j.tm->getTargetTriple().isX86();
  llvm::Function* fn = Emitter(*mod, p, c, j.fma, x86, name).emit();
  fn->addFnAttr("target-cpu", j.cpu_name);
  fn->addFnAttr("target-features", j.features);
  const int bits = std::max<int>(128, static_cast<int>(c.vec * p.esize() * 8));
  fn->addFnAttr("prefer-vector-width", std::to_string(bits));
  fn->addFnAttr("min-legal-vector-width", std::to_string(bits));
  std::string err;
  llvm::raw_string_ostream os(err);
  if (llvm::verifyModule(*mod, &os)) {
    std::string ir;
    llvm::raw_string_ostream is(ir);
    mod->print(is, nullptr);
    throw Error(ErrorCode::internal_error,
                fmt::format("generated IR for {} does not verify: {}\n{}", name, os.str(), is.str()));
  }
  return mod;
}

void optimize(llvm::Module& mod, llvm::TargetMachine* tm) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions pto;
  llvm::PassBuilder pb(tm, pto);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  mpm.run(mod, mam);
}

void require_jit(Jit& j) {
  if (!j.error.empty())
    throw Error(ErrorCode::device_unavailable, "the CPU path's LLVM JIT could not start: " + j.error);
}

void check_config(const GemmProblem& p, const KernelConfig& c) {
  if (c.family != Family::cpu)
    throw Error(ErrorCode::invalid_config,
                fmt::format("problem {}: config {} is not a cpu-family config", p.to_string(), c.to_string()));
  if (auto why = gen::check_cpu(p, c))
    throw Error(ErrorCode::invalid_config,
                fmt::format("problem {}: config {} is illegal: {}", p.to_string(), c.to_string(), *why));
}

}  // namespace

bool jit_available() { return true; }

std::string jit_target() {
  Jit& j = jit();
  return j.error.empty() ? j.cpu_name + " " + j.features : "";
}

int compiled_count() {
  Jit& j = jit();
  std::lock_guard<std::mutex> lock(j.mu);
  return static_cast<int>(j.cache.size());
}

std::string ir_text(const GemmProblem& problem, const KernelConfig& config, bool optimized) {
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  check_config(p, config);
  Jit& j = jit();
  require_jit(j);
  llvm::LLVMContext ctx;
  auto mod = build_module(ctx, p, config, kernel_name(p, config), j);
  if (optimized) optimize(*mod, j.tm.get());
  std::string out;
  llvm::raw_string_ostream os(out);
  mod->print(os, nullptr);
  return os.str();
}

std::shared_ptr<const CompiledCpuKernel> compile(const GemmProblem& problem, const KernelConfig& config) {
  const GemmProblem p = problem.is_normalized() ? problem : problem.normalized();
  check_config(p, config);
  const std::string name = kernel_name(p, config);
  Jit& j = jit();
  require_jit(j);
  std::lock_guard<std::mutex> lock(j.mu);
  if (auto it = j.cache.find(name); it != j.cache.end()) return it->second;

  const auto t0 = std::chrono::steady_clock::now();
  auto ctx = std::make_unique<llvm::LLVMContext>();
  auto mod = build_module(*ctx, p, config, name, j);
  optimize(*mod, j.tm.get());
  if (const std::string& dir = detail::env().dump_dir; !dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    std::string ir;
    llvm::raw_string_ostream os(ir);
    mod->print(os, nullptr);
    std::ofstream(dir + "/" + name + ".ll") << "; " << p.to_string() << "\n; " << config.to_string() << "\n"
                                           << os.str();
  }
  if (auto err = j.jit->addIRModule(llvm::orc::ThreadSafeModule(std::move(mod), std::move(ctx))))
    throw Error(ErrorCode::compile_error, fmt::format("LLVM could not add kernel {} for {}: {}", name,
                                                      p.to_string(), llvm_message(std::move(err))));
  auto sym = j.jit->lookup(name);
  if (!sym)
    throw Error(ErrorCode::compile_error, fmt::format("LLVM could not compile kernel {} for {}: {}", name,
                                                      p.to_string(), llvm_message(sym.takeError())));
  auto k = std::make_shared<CompiledCpuKernel>();
  k->name = name;
  k->fn = sym->toPtr<KernelFn>();
  k->compile_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  j.cache.emplace(name, k);
  return k;
}

}  // namespace tailor::cpu
