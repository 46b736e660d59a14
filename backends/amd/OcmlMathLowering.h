//===- OcmlMathLowering.h - Math through ROCm's ocml ------------*- C++ -*-===//
//
// The AMD lowering of scalar math: calls of the ROCm device library's
// __ocml_* functions for what AMDGPU cannot select or selects less
// accurately, LLVM intrinsics for the rest. The backend links the library
// in (DeviceLibraries.h).
//
//===----------------------------------------------------------------------===//

#ifndef TKC_BACKENDS_AMD_OCMLMATHLOWERING_H
#define TKC_BACKENDS_AMD_OCMLMATHLOWERING_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;
} // namespace mlir

namespace tkc::amd {

/// Adds patterns that lower math ops (and arith.remf) on f16, f32 and f64
/// to __ocml_* calls for `arch`, preferred over the generic LLVM-intrinsic
/// lowering for the ops and types they match.
void populateOcmlMathPatterns(const mlir::LLVMTypeConverter &converter,
                              mlir::RewritePatternSet &patterns,
                              llvm::StringRef arch);

} // namespace tkc::amd

#endif // TKC_BACKENDS_AMD_OCMLMATHLOWERING_H
