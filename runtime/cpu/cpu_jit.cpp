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
// drained by an sfence before returning). Each output is accumulated in a fixed order with llvm.fma
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
  }

  /// The kernel; with plain stores where the config's streaming stores cannot cover C whole.
  llvm::Function* emit() {
    llvm::Function* f = emit_once();
    if (!stream_broken_) return f;
    f->eraseFromParent();
    streaming_ = stream_broken_ = false;
    return emit_once();
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

    auto* loop = llvm::BasicBlock::Create(ctx_, "batch", fn_);
    auto* exit = llvm::BasicBlock::Create(ctx_, "exit", fn_);
    b_.CreateCondBr(b_.CreateICmpSLT(b0, b1), loop, exit);
    b_.SetInsertPoint(loop);
    auto* bi = b_.CreatePHI(i64, 2, "b");
    bi->addIncoming(b0, entry_);
    pa_ = b_.CreateGEP(T_, a_base, b_.CreateMul(bi, b_.getInt64(s_.stride_a)), "pa");
    pb_ = b_.CreateGEP(T_, b_base, b_.CreateMul(bi, b_.getInt64(s_.stride_b)), "pb");
    pc_ = b_.CreateGEP(T_, c_base, b_.CreateMul(bi, b_.getInt64(s_.stride_c)), "pc");
    matrix();
    Value* next = b_.CreateAdd(bi, b_.getInt64(1), "b.next");
    bi->addIncoming(next, b_.GetInsertBlock());
    b_.CreateCondBr(b_.CreateICmpSLT(next, b1), loop, exit);
    b_.SetInsertPoint(exit);
    // Streaming stores are weakly ordered: drain them before the caller (or the pool's
    // completion count) can signal that C is written.
    if (streaming_) b_.CreateIntrinsic(llvm::Intrinsic::x86_sse_sfence, {}, {});
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
  // kernel, which is then emitted again with plain stores only. Pieces of up to 8 bytes
  // are stored as integers, which x86 can stream (movnti) and floats it cannot.
  void store(Value* v, Value* p) {
    if (!streaming_) {
      b_.CreateAlignedStore(v, p, align());
      return;
    }
    const std::uint64_t bytes = mod_.getDataLayout().getTypeStoreSize(v->getType());
    if (bytes <= 8) v = b_.CreateBitCast(v, b_.getIntNTy(static_cast<unsigned>(bytes * 8)));
    llvm::StoreInst* st = b_.CreateAlignedStore(v, p, align());
    st->setMetadata(llvm::LLVMContext::MD_nontemporal,
                    llvm::MDNode::get(ctx_, llvm::ConstantAsMetadata::get(b_.getInt32(1))));
  }

  void store_line(Value* v, Value* p, std::int64_t stride, int width, int valid) {
    if (width == 1) {
      store(v, p);
      return;
    }
    if (stride == 1) {
      if (valid == width) {
        store(v, p);
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
      // One store; streaming ones in power-of-two pieces (LLVM would store the odd end of
      // a longer vector plainly).
      std::int64_t first = 0;
      while (first < total) {
        std::int64_t n = total - first;
        if (streaming_) n = std::int64_t(1) << (63 - __builtin_clzll(static_cast<unsigned long long>(n)));
        Value* v = llvm::PoisonValue::get(vty(static_cast<int>(n)));
        if (n == 1) v = lanes[static_cast<std::size_t>(first)];
        else
          for (std::int64_t t = 0; t < n; ++t)
            v = b_.CreateInsertElement(v, lanes[static_cast<std::size_t>(first + t)], static_cast<std::uint64_t>(t));
        store(v, gep(base, i64(outs.front().offset + first)));
        first += n;
      }
      return;
    }
    for (const Out& o : outs) store_line(o.v, gep(base, i64(o.offset)), 1, o.width, o.valid);
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

  void block_outer(Value* i0, int rows, Value* j0, const std::vector<Seg>& segs) {
    std::vector<std::vector<llvm::AllocaInst*>> acc(rows);
    for (int r = 0; r < rows; ++r)
      for (const Seg& sg : segs) {
        acc[r].push_back(acc_slot(sg.width));
        b_.CreateStore(zero(sg.width), acc[r].back());
      }
    Value* ab = a_block(i0);
    Value* bb = b_block(j0);
    unrolled(s_.k, [&](Value* k) {
      Value* brow = gep(bb, b_.CreateMul(k, i64(s_.b_rs)));
      Value* acol = gep(ab, b_.CreateMul(k, i64(s_.a_cs)));
      std::vector<Value*> bv;
      for (const Seg& sg : segs)
        bv.push_back(load_line(gep(brow, i64(sg.offset * s_.b_cs)), s_.b_cs, sg.width, sg.valid));
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
    store_block(cb, std::move(outs));
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
      Value* acol = gep(ab, b_.CreateMul(kk, i64(s_.a_cs)));
      Value* brow = gep(bb, b_.CreateMul(kk, i64(s_.b_rs)));
      std::vector<Value*> av, bv;
      for (int r = 0; r < rows; ++r) av.push_back(load_line(gep(acol, i64(r * s_.a_rs)), s_.a_cs, w, valid));
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
    store_block(cb, std::move(outs));
  }

  // The blocks of one matrix: row blocks of rm rows (and the rows left over) by column
  // blocks of `bw` columns (and the columns left over), rows outer, or with order bit 2
  // columns outer (a panel of B then stays in L1 while A's rows stream past it).
  void blocks(std::int64_t bw, const std::function<void(Value*, int, Value*, std::int64_t)>& block) {
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
      loop(nb, "jb", [&](Value* jb) { rows_of(b_.CreateMul(jb, i64(bw)), bw); });
      if (rest_n) rows_of(i64(nb * bw), rest_n);
    } else {
      loop(mb, "ib", [&](Value* ib) { cols_of(b_.CreateMul(ib, i64(c_.rm)), c_.rm); });
      if (rest_m) cols_of(i64(mb * c_.rm), static_cast<int>(rest_m));
    }
  }

  void matrix_outer() {
    blocks(std::int64_t(c_.rn) * c_.vec, [&](Value* i0, int rows, Value* j0, std::int64_t cols) {
      block_outer(i0, rows, j0, segments(0, cols));
    });
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
  bool streaming_ = false, stream_broken_ = false;
  std::string name_;
  llvm::Type* T_ = nullptr;
  std::int64_t esize_ = 4;
  llvm::Function* fn_ = nullptr;
  llvm::BasicBlock* entry_ = nullptr;
  Value *alpha_ = nullptr, *beta_ = nullptr, *pa_ = nullptr, *pb_ = nullptr, *pc_ = nullptr;
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
