//===- TargetInfo.h - What shared lowering asks of a GPU vendor -*- C++ -*-===//
//
// The seam between the vendor-neutral tkc_gpu → LLVM lowering and the
// backends: everything whose spelling differs between NVIDIA and AMD
// (hardware indices, barriers, memory-access instructions, the warp size,
// address spaces, kernel attributes). Shared code never names a vendor; a
// backend implements this interface and registers it (TargetBackend.h).
//
//===----------------------------------------------------------------------===//

#ifndef TKC_TARGET_TARGETINFO_H
#define TKC_TARGET_TARGETINFO_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"

#include <optional>

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;
} // namespace mlir

namespace tkc {

/// Vendor-specific pieces of the tkc_gpu → LLVM lowering.
class TargetInfo {
public:
  virtual ~TargetInfo();

  /// Threads per warp (wavefront).
  virtual unsigned getWarpSize() const = 0;
  /// The LLVM address space of global memory.
  virtual unsigned getGlobalAddressSpace() const = 0;
  /// The LLVM address space of shared (local data share) memory.
  virtual unsigned getSharedAddressSpace() const = 0;
  /// The most shared memory (LDS) one block may use, in bytes.
  virtual int64_t getMaxSharedBytes() const = 0;

  /// Loads the dialects the emitted ops belong to into `registry`.
  virtual void getDependentDialects(mlir::DialectRegistry &registry) const = 0;

  /// The thread's index in the block (x dimension), as i32.
  virtual mlir::Value getThreadId(mlir::OpBuilder &b,
                                  mlir::Location loc) const = 0;
  /// The same, read anew where it is called: LLVM neither merges it with
  /// other reads nor moves what is computed from it out of loops, so that
  /// those values are computed where they are used instead of kept live
  /// (TKCGPUDialect::kFavorOccupancy). The plain read where the target
  /// has no such form.
  virtual mlir::Value getThreadIdAfresh(mlir::OpBuilder &b,
                                        mlir::Location loc) const {
    return getThreadId(b, loc);
  }
  /// The program's (block's) index along `axis` (0..2), as i32.
  virtual mlir::Value getProgramId(mlir::OpBuilder &b, mlir::Location loc,
                                   unsigned axis) const = 0;
  /// The number of programs along `axis` (0..2), as i32.
  virtual mlir::Value getNumPrograms(mlir::OpBuilder &b, mlir::Location loc,
                                     unsigned axis) const = 0;
  /// A barrier across the block that also orders shared-memory accesses.
  virtual void emitBarrier(mlir::OpBuilder &b, mlir::Location loc) const = 0;
  /// Whether `op` is a barrier emitBarrier made.
  virtual bool isBarrier(mlir::Operation *op) const = 0;

  /// Exchanges an i32 `value` with the lane whose index differs from this
  /// lane's by XOR `laneMask`, within the warp (every lane takes part).
  virtual mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value value,
                                 unsigned laneMask) const = 0;

  /// The i32 `value` of lane `lane` (an i32 below the warp size; it may
  /// differ between lanes), within the warp (every lane takes part).
  virtual mlir::Value shuffleIdx(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value value, mlir::Value lane) const = 0;

  /// `value` (i32), which every lane of a warp holds alike, in a form the
  /// target's code generator knows to be uniform across the warp (so that
  /// it can live in scalar registers). The default returns it unchanged.
  virtual mlir::Value warpUniform(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::Value value) const {
    return value;
  }

  /// What a global access asks of the caches: Triton's cache_modifier,
  /// eviction_policy and volatile=. A target honours what it can express and
  /// ignores the rest (they never change results, volatile aside).
  struct CacheHints {
    /// The cache operator (".ca", ".cg", ... in Triton's spelling).
    enum class Operator { None, CA, CG, CS, CV, WB, WT };
    /// The eviction priority: in L1, and in L2 where the target has cache
    /// policies (NVIDIA).
    enum class Eviction { Normal, First, Last };
    Operator op = Operator::None;
    Eviction eviction = Eviction::Normal;
    /// A load that must reach memory each time (flag polling).
    bool isVolatile = false;
  };

  /// Loads a value of `type` (a scalar or a vector of at most 16 bytes)
  /// from global `ptr` if `pred` (i1, may be null for "always") holds; the
  /// result is `other` (a value of `type`; null: zero) where it does not.
  virtual mlir::Value loadGlobal(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value ptr, mlir::Type type,
                                 mlir::Value pred, mlir::Value other,
                                 const CacheHints &hints) const = 0;
  /// Stores `value` (a scalar or a vector of at most 16 bytes) to global
  /// `ptr` if `pred` (i1, may be null) holds.
  virtual void storeGlobal(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value ptr, mlir::Value value, mlir::Value pred,
                           const CacheHints &hints) const = 0;

  /// The scopes of atomics, as Triton names them.
  enum class AtomicScope { Gpu, Cta, Sys };

  /// Atomically applies `op` with `value` (an integer or float scalar of 16,
  /// 32 or 64 bits) to global `ptr`, with `ordering` (monotonic, acquire,
  /// release or acq_rel) at `scope`, and returns the old value. Always
  /// executes: callers branch around it for masked-off elements.
  virtual mlir::Value atomicRMW(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::LLVM::AtomicBinOp op, mlir::Value ptr,
                                mlir::Value value,
                                mlir::LLVM::AtomicOrdering ordering,
                                AtomicScope scope) const = 0;
  /// How many consecutive elements of float `type` one atomic addition
  /// (atomicAddVector) can take: 1 where the target adds one at a time.
  virtual unsigned getAtomicAddVectorWidth(mlir::Type type) const { return 1; }
  /// Atomically adds `values` (of one float type, at most
  /// getAtomicAddVectorWidth of them) to the consecutive elements from
  /// global `ptr`, aligned to their total size, as atomicRMW adds one, and
  /// returns the old values. Only called with more than one value, on a
  /// target whose width allows it.
  virtual llvm::SmallVector<mlir::Value>
  atomicAddVector(mlir::OpBuilder &b, mlir::Location loc, mlir::Value ptr,
                  mlir::ValueRange values, mlir::LLVM::AtomicOrdering ordering,
                  AtomicScope scope) const {
    return {};
  }
  /// Atomically stores `value` to global `ptr` if it holds `cmp`, and
  /// returns the old value (a 32- or 64-bit scalar), as atomicRMW.
  virtual mlir::Value atomicCAS(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::Value ptr, mlir::Value cmp,
                                mlir::Value value,
                                mlir::LLVM::AtomicOrdering ordering,
                                AtomicScope scope) const = 0;

  /// A warp-wide matrix multiply-accumulate instruction: D = A B + C on an
  /// m x k by k x n tile, the warp's lanes holding fragments of each.
  struct MatrixInstruction {
    /// The instruction family, which fixes the fragments' layouts: the
    /// tkc_gpu encoding of the accumulator and its dot operands.
    /// NvidiaMmaV2: mma.sync (`#tkc_gpu.nvidia_mma`); AmdMfma: CDNA's wave64
    /// MFMA with one block of m x n (`#tkc_gpu.amd_mfma`).
    enum class Kind { NvidiaMmaV2, AmdMfma };
    Kind kind;
    unsigned m, n, k;
    /// Operand elements along K in each 32-bit register.
    unsigned kWidth;
    /// The operands' element type (MLIR builtin), which says what their
    /// bits mean once lowered (an fp8 operand is an i8 in LLVM).
    mlir::Type operandType;

    /// Whether a dot of an `m` x `k` by `k` x `n` tile (powers of two) is a
    /// grid of these instructions. mma.sync also takes M and N smaller than
    /// its tile, as Triton pads them: the layouts wrap, so the rows and
    /// columns past the dot's are copies of its own, computed and dropped
    /// (decode attention multiplies a few heads' queries at a time). MFMA
    /// takes whole tiles only, as Triton's AMD backend.
    bool fits(int64_t dotM, int64_t dotN, int64_t dotK) const {
      auto covers = [&](int64_t extent, unsigned tile) {
        return extent % tile == 0 ||
               (kind == Kind::NvidiaMmaV2 && tile % extent == 0);
      };
      return covers(dotM, m) && covers(dotN, n) && dotK % k == 0;
    }
  };

  /// The matrix instruction for a dot of `a` by `b` elements accumulated
  /// in `acc` elements (MLIR builtin types), where fp32 operands may be
  /// rounded to tf32 if `allowTF32`; none when the target has no such
  /// instruction (the dot then uses fused multiply-adds). The default
  /// offers none.
  virtual std::optional<MatrixInstruction>
  getMatrixInstruction(mlir::Type a, mlir::Type b, mlir::Type acc,
                       bool allowTF32) const {
    return std::nullopt;
  }

  /// Every matrix instruction the target offers for such a dot, largest
  /// tile first; the pass that gives dots their layouts picks one that fits
  /// the dot's shape. The default: getMatrixInstruction's, if any.
  virtual llvm::SmallVector<MatrixInstruction>
  getMatrixInstructions(mlir::Type a, mlir::Type b, mlir::Type acc,
                        bool allowTF32) const {
    llvm::SmallVector<MatrixInstruction> all;
    if (auto one = getMatrixInstruction(a, b, acc, allowTF32))
      all.push_back(*one);
    return all;
  }

  /// Emits one `instruction` (which getMatrixInstructions returned for
  /// these element types): `a`, `b` and `c` are this lane's elements of
  /// the fragments (LLVM scalars), in the order the encoding of its Kind
  /// lists them; returns the lane's elements of D in the same order as
  /// `c`. Only targets that offer instructions implement it.
  virtual llvm::SmallVector<mlir::Value> emitMatrixMultiply(
      mlir::OpBuilder &b, mlir::Location loc,
      const MatrixInstruction &instruction, llvm::ArrayRef<mlir::Value> a,
      llvm::ArrayRef<mlir::Value> bValues, llvm::ArrayRef<mlir::Value> c) const;

  /// Whether loadMatrices() is available.
  virtual bool hasMatrixLoads() const { return false; }

  /// Loads `count` (1, 2 or 4) 8x8 matrices of 16-bit elements from shared
  /// memory, all lanes of the warp together: lane `l`'s `rowAddress` is
  /// that of row l%8 of matrix l/8 (eight consecutive elements). Returns,
  /// per matrix, the lane's 32-bit word: row l/4, columns 2(l%4) and
  /// 2(l%4)+1, of the matrix transposed if `transpose`. Only targets with
  /// hasMatrixLoads() implement it.
  virtual llvm::SmallVector<mlir::Value>
  loadMatrices(mlir::OpBuilder &b, mlir::Location loc, mlir::Value rowAddress,
               unsigned count, bool transpose) const;

  /// Whether storeMatrices() is available.
  virtual bool hasMatrixStores() const { return false; }

  /// Stores `words.size()` (1, 2 or 4) 8x8 matrices of 16-bit elements to
  /// shared memory, all lanes of the warp together: the inverse of
  /// loadMatrices. `words[i]` is the lane's 32-bit word of matrix i (row
  /// l/4, columns 2(l%4) and 2(l%4)+1, of the matrix transposed if
  /// `transpose`); lane `l`'s `rowAddress` is that of row l%8 of matrix l/8.
  /// Only targets with hasMatrixStores() implement it.
  virtual void storeMatrices(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value rowAddress,
                             llvm::ArrayRef<mlir::Value> words,
                             bool transpose) const;

  /// Whether asynchronous copies from global to shared memory
  /// (asyncCopy(), commitAsyncCopies(), waitAsyncCopies()) are available.
  virtual bool hasAsyncCopies() const { return false; }

  /// Starts copying `bytes` (4, 8 or 16, the alignment of both addresses)
  /// from global `src` to shared `dst` without waiting for it; only the
  /// first `readBytes` (i32, from 0 to `bytes`; null for all of them) are
  /// read, and zeros are written after them. The copy joins the thread's
  /// current group. Only targets with hasAsyncCopies() implement it, as the
  /// two below.
  virtual void asyncCopy(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value dst, mlir::Value src, unsigned bytes,
                         mlir::Value readBytes) const;

  /// Closes the thread's current group of asynchronous copies.
  virtual void commitAsyncCopies(mlir::OpBuilder &b, mlir::Location loc) const;

  /// Waits until at most `pending` of the thread's latest groups of
  /// asynchronous copies are in flight (no barrier).
  virtual void waitAsyncCopies(mlir::OpBuilder &b, mlir::Location loc,
                               unsigned pending) const;

  /// Whether tensor copies through tensor maps (Hopper's TMA) and the
  /// memory barriers they complete (the hooks below) are available.
  virtual bool hasTensorCopies() const { return false; }

  /// Makes the 64-bit word at shared `barrier` a memory barrier whose phase
  /// one arrival (and the bytes it expects) completes. Where
  /// hasTensorCopies(), as the hooks below; one thread calls it, then every
  /// thread fenceBarrierInits(), then a barrier of the block.
  virtual void initMemoryBarrier(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value barrier) const;

  /// Orders this thread's earlier writes of shared memory (barrier
  /// initializations among them) before later tensor copies.
  virtual void fenceBarrierInits(mlir::OpBuilder &b, mlir::Location loc) const;

  /// Ends the memory barrier at shared `barrier` (one thread).
  virtual void invalidateMemoryBarrier(mlir::OpBuilder &b, mlir::Location loc,
                                       mlir::Value barrier) const;

  /// Where `pred` (i1) holds, arrives on `barrier`, which tensor copies will
  /// then complete `bytes` more bytes of.
  virtual void expectMemoryBarrierBytes(mlir::OpBuilder &b, mlir::Location loc,
                                        mlir::Value barrier, int64_t bytes,
                                        mlir::Value pred) const;

  /// Where `pred` (i1) holds, starts copying the box of the tensor that
  /// `tensorMap` (a generic pointer to a kernel parameter) describes at
  /// `coords` (i32, innermost dimension first) to shared `dst`; its bytes
  /// complete `barrier`.
  virtual void copyTensorBox(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value dst, mlir::Value tensorMap,
                             llvm::ArrayRef<mlir::Value> coords,
                             mlir::Value barrier, mlir::Value pred) const;

  /// Orders this thread's earlier writes of shared memory before later
  /// tensor copies and stores that read or write it (a tile a tensor store
  /// then reads).
  virtual void fenceSharedForTensorCopies(mlir::OpBuilder &b,
                                          mlir::Location loc) const;

  /// Where `pred` (i1) holds, starts storing the box at shared `src` into
  /// the tensor that `tensorMap` describes, at `coords` (as copyTensorBox's);
  /// waitTensorStoreReads waits for it.
  virtual void storeTensorBox(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Value src, mlir::Value tensorMap,
                              llvm::ArrayRef<mlir::Value> coords,
                              mlir::Value pred) const;

  /// Where `pred` (i1) holds, waits until the tensor stores this thread
  /// started have read their boxes from shared memory.
  virtual void waitTensorStoreReads(mlir::OpBuilder &b, mlir::Location loc,
                                    mlir::Value pred) const;

  /// Waits until the memory barrier at shared `barrier` has completed the
  /// phase of parity `phase` (i32, 0 or 1).
  virtual void waitMemoryBarrier(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value barrier, mlir::Value phase) const;

  /// Makes argument `index` of kernel `func` a tensor map parameter: 128
  /// bytes passed by value, whose address tensor copies take.
  virtual void markTensorMapParameter(mlir::LLVM::LLVMFuncOp func,
                                      unsigned index) const;

  /// An operand tile of a warpgroup matrix multiply in shared memory, made
  /// of swizzle atoms of 8 rows of `swizzleBytes` (32, 64 or 128) each.
  struct WarpgroupOperand {
    /// A's fragment in registers instead (four i32, two 16-bit elements
    /// each, in mma.sync's A order); then nothing else is used.
    llvm::SmallVector<mlir::Value, 4> registers;
    /// The i32 shared-memory address of the part the instruction reads,
    /// `offsetBytes` (a multiple of 16) before it.
    mlir::Value address;
    int64_t offsetBytes = 0;
    unsigned swizzleBytes;
    /// Bytes between atoms adjacent along the rows (for tiles whose rows
    /// run along M or N).
    int64_t blockBytes;
    /// Whether the atoms' rows run along K.
    bool kMajor;
  };

  /// Whether the warpgroup matrix multiply below is available.
  virtual bool hasWarpgroupMma() const { return false; }

  /// Orders the accumulator and operand registers of the warpgroup
  /// multiplies that follow after earlier writes. Their tiles must be
  /// written by asynchronous copies, waited for and followed by a barrier,
  /// or by stores followed by fenceStoresForWarpgroupMma() and a barrier.
  virtual void beginWarpgroupMma(mlir::OpBuilder &b, mlir::Location loc) const;

  /// Orders this thread's earlier stores to shared memory before the reads
  /// of warpgroup multiplies issued after a barrier that follows it.
  virtual void fenceStoresForWarpgroupMma(mlir::OpBuilder &b,
                                          mlir::Location loc) const;

  /// The registers in which warpgroup multiplies hold the accumulators
  /// `acc` (a thread's, in the instructions' order): f32 and int32 ones as
  /// they are, f16 ones two to a 32-bit register. Made before
  /// beginWarpgroupMma(), which orders the writes of those registers.
  virtual llvm::SmallVector<mlir::Value>
  packWarpgroupAccumulators(mlir::OpBuilder &b, mlir::Location loc,
                            llvm::ArrayRef<mlir::Value> acc) const;

  /// The accumulators of type `elem` that `registers` hold
  /// (packWarpgroupAccumulators()' inverse), read after waitWarpgroupMma().
  virtual llvm::SmallVector<mlir::Value>
  unpackWarpgroupAccumulators(mlir::OpBuilder &b, mlir::Location loc,
                              llvm::ArrayRef<mlir::Value> registers,
                              mlir::Type elem) const;

  /// Emits one m64nNkK warpgroup multiply-accumulate of `elem` operands
  /// (f16 or bf16, K = 16; f32 rounded to tf32, K = 8; fp8 e4m3 or e5m2,
  /// or int8 into int32, K = 32) `a` (64 x K) and
  /// `bOperand` (K x `n`) onto `acc`, the registers of the thread's n/2
  /// accumulators (packWarpgroupAccumulators(): f32, or for f16 operands
  /// f16 pairs; int32 for int8); returns the new ones (ready only after
  /// waitWarpgroupMma()). Where `accumulate` is false, the multiply
  /// neither reads `acc` nor adds to it (scale-d 0): its registers only
  /// say how many there are.
  virtual llvm::SmallVector<mlir::Value>
  emitWarpgroupMma(mlir::OpBuilder &b, mlir::Location loc, mlir::Type elem,
                   unsigned n, const WarpgroupOperand &a,
                   const WarpgroupOperand &bOperand,
                   llvm::ArrayRef<mlir::Value> acc, bool accumulate) const;

  /// Makes the warpgroup multiplies issued since beginWarpgroupMma() one
  /// group.
  virtual void commitWarpgroupMma(mlir::OpBuilder &b, mlir::Location loc) const;

  /// Waits until at most `pending` groups of this warpgroup's multiplies
  /// are in flight; returns `acc` (accumulator registers of the last group)
  /// as values defined by the wait, so that nothing reads them before it.
  virtual llvm::SmallVector<mlir::Value>
  waitWarpgroupMma(mlir::OpBuilder &b, mlir::Location loc, unsigned pending,
                   llvm::ArrayRef<mlir::Value> acc) const;

  /// `values` (f32 registers) converted to the fp8 type `dst` (i8
  /// registers), rounded to nearest even and saturated to the largest finite
  /// value, with the target's conversion instructions; std::nullopt where the
  /// target has none for `dst` (code generation then converts in software,
  /// with the same results). The default has none.
  virtual std::optional<llvm::SmallVector<mlir::Value>>
  truncateToFp8(mlir::OpBuilder &b, mlir::Location loc,
                llvm::ArrayRef<mlir::Value> values, mlir::FloatType dst) const {
    return std::nullopt;
  }

  /// `values` (i8 registers holding the fp8 type `src`) converted exactly to
  /// f32 with the target's instructions; std::nullopt where it has none. The
  /// default has none.
  virtual std::optional<llvm::SmallVector<mlir::Value>>
  extendFromFp8(mlir::OpBuilder &b, mlir::Location loc,
                llvm::ArrayRef<mlir::Value> values, mlir::FloatType src) const {
    return std::nullopt;
  }

  /// The symbol of math library function `name` (libdevice's name without
  /// prefix or type suffix: "erfinv") for elements of `type`, in the library
  /// the backend links in; empty when the library has none. The default
  /// has none.
  virtual std::string getMathLibrarySymbol(llvm::StringRef name,
                                           mlir::Type type) const {
    return "";
  }

  /// The symbol tkc.extern_elementwise `name` calls for elements of `type`:
  /// an LLVM intrinsic named in full (`llvm.floor.f32`) as it is, on every
  /// target; else getMathLibrarySymbol's (empty where there is none).
  std::string getExternFunctionSymbol(llvm::StringRef name,
                                      mlir::Type type) const {
    if (name.starts_with("llvm."))
      return name.str();
    return getMathLibrarySymbol(name, type);
  }

  /// Adds patterns lowering scalar math (math dialect ops, and arith ops
  /// the target implements with library calls) that take precedence over
  /// the generic LLVM-intrinsic lowering. The default adds none.
  virtual void populateMathPatterns(const mlir::LLVMTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns) const {}

  /// Whether emitPrintf() can print from the device.
  virtual bool hasPrintf() const { return false; }

  /// Prints, from the calling thread, the C format string at `format` (a
  /// generic address; `formatBytes` long with its NUL) with `args`, promoted
  /// as C passes variadic arguments (i32, i64, f64 or pointers). Only where
  /// hasPrintf().
  virtual void emitPrintf(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value format, uint64_t formatBytes,
                          mlir::ValueRange args) const;

  /// Ends the kernel for a failed device assertion. `message`, `file` and
  /// `function` are generic addresses of C strings and `line` an i32, which
  /// the target reports where reportsAssertions(). The default traps.
  virtual void emitAssertFail(mlir::OpBuilder &b, mlir::Location loc,
                              mlir::Value message, mlir::Value file,
                              mlir::Value line, mlir::Value function) const;
  /// Whether emitAssertFail() reports what failed; where it does not, the
  /// lowering prints it first (where hasPrintf()).
  virtual bool reportsAssertions() const { return false; }

  /// Marks `func` as a kernel entry launched with `threadsPerBlock`
  /// threads, using at most `maxRegisters` registers per thread where the
  /// target can cap them (0: no cap).
  virtual void markKernel(mlir::LLVM::LLVMFuncOp func, unsigned threadsPerBlock,
                          unsigned maxRegisters) const = 0;
};

} // namespace tkc

#endif // TKC_TARGET_TARGETINFO_H
