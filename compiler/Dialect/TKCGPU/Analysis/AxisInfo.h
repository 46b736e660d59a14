//===- AxisInfo.h - Contiguity, divisibility, constancy ------*- C++ -*-===//
//
// The axis analysis: for every integer or pointer value (scalar or tensor),
// per dimension, how many consecutive elements are contiguous (each one
// more than the previous), the largest power of two dividing the first of
// each such group (bytes for pointers), and how many consecutive elements
// are equal. Facts come from the signature's hints (`tkc.divisibility`),
// constants, tl.arange, tl.multiple_of/max_contiguous, arithmetic, and
// structured control flow (loop induction variables, loop-carried values,
// scf.if results). The coalescing pass and the recording of vector widths
// use them.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_ANALYSIS_AXISINFO_H
#define TKC_DIALECT_TKCGPU_ANALYSIS_AXISINFO_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir::tkc::gpu {

/// What is known of one value, per dimension (one dimension for scalars).
struct AxisInfo {
  /// Length of runs of consecutive values (x, x+1, ...), aligned to it.
  llvm::SmallVector<int64_t, 4> contiguity;
  /// The largest power of two known to divide the first value of each run.
  llvm::SmallVector<int64_t, 4> divisibility;
  /// Length of runs of equal values, aligned to it.
  llvm::SmallVector<int64_t, 4> constancy;
  /// The value, when it is the same known integer everywhere.
  std::optional<int64_t> constant;

  /// No knowledge: runs of one, divisible by one.
  static AxisInfo unknown(unsigned rank);
  unsigned getRank() const { return contiguity.size(); }
  bool operator==(const AxisInfo &other) const;
};

/// The largest divisibility the analysis tracks (2^30), standing for zero.
constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

/// Computes AxisInfo for the values of one function, on demand, memoized.
class AxisInfoAnalysis {
public:
  /// The facts about `value`. Values defined by ops the analysis does not
  /// model (loads, ...) are unknown.
  const AxisInfo &get(Value value);

private:
  AxisInfo compute(Value value);
  /// Finds the facts that hold for a loop's carried `args` on every
  /// iteration, from their `inits` and the `yielded` values that become
  /// them next, raised by `hints` (tl.multiple_of etc. of a carried value),
  /// and records them.
  void solveLoop(Operation *loop, ValueRange inits, ValueRange args,
                 ValueRange yielded,
                 llvm::function_ref<AxisInfo(AxisInfo, BlockArgument)> hints);
  /// Drops what was computed for values defined inside `loop`'s regions
  /// (they depended on provisional facts about its carried arguments),
  /// the arguments of its blocks but `kept` included.
  void forgetBody(Operation *loop, ValueRange kept);
  llvm::DenseMap<Value, AxisInfo> cache;
};

/// How getContiguityOrder orders dimensions of equal contiguity.
enum class ContiguityTies {
  /// The last dimension first (row-major).
  RowMajor,
  /// The first dimension first, as Triton 3.6's coalescing orders them: a
  /// pointer tensor nothing is known of (`x + i[:, None] * s + j[None, :] *
  /// t`, or a column index taken modulo a run-time width) gets its lanes
  /// along dimension 0.
  FirstDimFirst,
};

/// The dimensions of a tensor with facts `info`, most contiguous first, ties
/// ordered by `ties`: the order in which accesses through a pointer tensor
/// best walk memory.
SmallVector<unsigned>
getContiguityOrder(const AxisInfo &info,
                   ContiguityTies ties = ContiguityTies::RowMajor);

/// The dimension along which one global access of a tensor of `type` moves
/// consecutive elements: that of the layout's leading registers.
unsigned getAccessDim(RankedTensorType type);

/// The length of the aligned runs along `dim` in which boolean tensor `mask`
/// is true up to some element and false after it (as `i < n` is where `i`
/// counts up by one): at least its constancy, for which each run is all
/// true or all false. A copy that reads the first bytes of a run and
/// zero-fills the rest (cp.async's source size) moves such a run at once, and
/// so does a load or store where all of it is in bounds (kBoundedRuns).
int64_t getPrefixRuns(Value mask, unsigned dim, AxisInfoAnalysis &axis);

/// The number of consecutive elements one global access of pointer tensor
/// `ptr` (a load, store or asynchronous copy under `mask`, which may be
/// null) can move: the thread's contiguous registers along its fastest
/// dimension, bounded by the pointers' contiguity and alignment and the
/// mask's constancy, capped at 16 bytes; a power of two. An access that
/// handles runs partly in bounds (`boundedRuns`: a copy that reads their
/// leading elements and zero-fills the rest, a load or store that moves them
/// element by element) is bounded by the mask's prefix runs (getPrefixRuns)
/// instead. Where `layout` is given, the access is that of `ptr` issued in
/// it instead of its own.
int64_t getAccessWidth(Value ptr, Value mask, AxisInfoAnalysis &axis,
                       bool boundedRuns = false, Attribute layout = {});

} // namespace mlir::tkc::gpu

#endif // TKC_DIALECT_TKCGPU_ANALYSIS_AXISINFO_H
