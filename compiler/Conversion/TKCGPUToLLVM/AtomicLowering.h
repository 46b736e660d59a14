//===- AtomicLowering.h - Lowering of tkc atomics ---------------*- C++ -*-===//
//
// The patterns that lower tkc.atomic_rmw and tkc.atomic_cas to one atomic
// per element through TargetInfo, run only by the thread and register that
// own the element, and the check of what code generation supports.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_TKCGPUTOLLVM_ATOMICLOWERING_H
#define TKC_CONVERSION_TKCGPUTOLLVM_ATOMICLOWERING_H

#include "compiler/Target/TargetInfo.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::tkc::gpu {

/// Whether the lowering handles the atomic `op`; if not, sets `reason` to
/// what it is missing, as in "code generation does not support
/// 'tkc.atomic_rmw' <reason> yet".
bool isAtomicLowerable(Operation *op, std::string &reason);

/// Adds the tkc.atomic_rmw and tkc.atomic_cas lowerings to `patterns`.
void populateAtomicLoweringPatterns(const LLVMTypeConverter &converter,
                                    const ::tkc::TargetInfo &target,
                                    RewritePatternSet &patterns);

} // namespace mlir::tkc::gpu

#endif // TKC_CONVERSION_TKCGPUTOLLVM_ATOMICLOWERING_H
