//===- Passes.h - Conversions between tkc's dialects ------------*- C++ -*-===//
//
// Declares the conversion passes (generated from Passes.td) and their
// registration.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_CONVERSION_PASSES_H
#define TKC_CONVERSION_PASSES_H

#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tkc {

#define GEN_PASS_DECL
#include "compiler/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Conversion/Passes.h.inc"

} // namespace mlir::tkc

#endif // TKC_CONVERSION_PASSES_H
