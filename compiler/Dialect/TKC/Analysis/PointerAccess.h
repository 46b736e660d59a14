//===- PointerAccess.h - How a kernel accesses its pointers -----*- C++ -*-===//
//
// The pointer-access analysis: for each pointer argument of a tkc-dialect
// function, whether the function may read, write, both, or neither of the
// memory it points into. The address of every load, store and atomic is
// traced back through pointer arithmetic, shape ops, selects and the values
// scf ops carry to the function's arguments; an address that leads anywhere
// else makes every pointer argument read and written. The driver records the
// result in each variant's metadata, so that run-time autotuning knows which
// buffers a trial launch would corrupt.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKC_ANALYSIS_POINTERACCESS_H
#define TKC_DIALECT_TKC_ANALYSIS_POINTERACCESS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir::tkc {

/// The ways a function may access the memory behind one pointer, as bits.
enum class PointerAccess : uint8_t {
  None = 0,
  Read = 1,
  Write = 2,
  ReadWrite = Read | Write,
};

/// Both accesses: what `a` or `b` may do.
inline PointerAccess operator|(PointerAccess a, PointerAccess b) {
  return static_cast<PointerAccess>(static_cast<uint8_t>(a) |
                                    static_cast<uint8_t>(b));
}

/// `none`, `read`, `write` or `readwrite`: the spelling of the metadata's
/// `access` field (docs/metadata.md).
llvm::StringRef stringifyPointerAccess(PointerAccess access);

/// The access of every argument of one function (a FunctionOpInterface
/// op), computed on construction, so that passes can also get it with
/// `getAnalysis<PointerAccessAnalysis>()`. It is meant for ttir: ops of
/// other dialects that carry pointers (tkc_gpu's layout conversions, calls)
/// are not modelled and make the result conservative.
///
/// The result is a "may" fact per argument: an access that is masked off at
/// run time, or on a path never taken, still counts. It describes each
/// argument alone; a caller passing one buffer as two arguments must combine
/// their accesses itself.
class PointerAccessAnalysis {
public:
  explicit PointerAccessAnalysis(Operation *func);

  /// The access of argument `index`; None for arguments that are not
  /// pointers.
  PointerAccess getArgAccess(unsigned index) const;

  /// The first op whose address could not be traced to the arguments (or
  /// that lets an address escape otherwise), or null. When it is set, every
  /// pointer argument is ReadWrite.
  Operation *getUntracedOp() const { return untraced; }

private:
  llvm::SmallVector<PointerAccess> argAccess;
  Operation *untraced = nullptr;
};

} // namespace mlir::tkc

#endif // TKC_DIALECT_TKC_ANALYSIS_POINTERACCESS_H
