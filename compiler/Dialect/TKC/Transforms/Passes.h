//===- Passes.h - Passes over the tkc dialect -------------------*- C++ -*-===//
//
// Declares the tkc dialect's passes (generated from Passes.td) and their
// registration with the global pass registry.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DIALECT_TKC_TRANSFORMS_PASSES_H
#define TKC_DIALECT_TKC_TRANSFORMS_PASSES_H

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tkc {

#define GEN_PASS_DECL
#include "compiler/Dialect/TKC/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Dialect/TKC/Transforms/Passes.h.inc"

} // namespace mlir::tkc

#endif // TKC_DIALECT_TKC_TRANSFORMS_PASSES_H
