//===- Passes.h - Passes over the tkc_gpu dialect ---------------*- C++ -*-===//
//
// Declares the tkc_gpu dialect's passes (generated from Passes.td) and their
// registration with the global pass registry.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKCGPU_TRANSFORMS_PASSES_H
#define TKC_DIALECT_TKCGPU_TRANSFORMS_PASSES_H

#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tkc::gpu {

#define GEN_PASS_DECL
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h.inc"

} // namespace mlir::tkc::gpu

#endif // TKC_DIALECT_TKCGPU_TRANSFORMS_PASSES_H
