//===- Pipelines.h - The compiler's pass order ------------------*- C++ -*-===//
//
// tkc's pass pipelines, one function per compilation stage, and the
// registration of everything tkc and tkc-opt share: the dialects, our passes,
// the upstream passes we use, and the named pipelines. The pass order lives in
// Pipelines.cpp and nowhere else.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_PIPELINES_PIPELINES_H
#define TKC_PIPELINES_PIPELINES_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::tkc {

/// The `ttir` stage: cleans up frontend output in the tkc dialect (inlining,
/// canonicalization, tkc combines, CSE, loop-invariant code motion). Named
/// `tkc-ttir` in tkc-opt.
void buildTTIRPipeline(OpPassManager &pm);

/// Adds every dialect that tkc's IR may contain to `registry`.
void registerTKCDialects(DialectRegistry &registry);

/// Registers tkc's passes, the upstream passes it uses, and the named
/// pipelines, so that pass-pipeline strings and tkc-opt flags can name them.
void registerTKCPassesAndPipelines();

} // namespace mlir::tkc

#endif // TKC_PIPELINES_PIPELINES_H
