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
/// canonicalization, tkc combines, the unrolling tl.range asks for, CSE,
/// loop-invariant code motion). Named `tkc-ttir` in tkc-opt.
void buildTTIRPipeline(OpPassManager &pm);

/// The `ttgir` stage: assigns layouts for `numWarps` warps of
/// `threadsPerWarp` lanes, puts dots on `target`'s matrix instructions
/// (none when `target` is empty), coalesces global accesses, removes the
/// layout conversions that recomputation makes needless, and pipelines the
/// loads of dot loops when `numStages` is 2 or more (with `tensorCopies`,
/// host descriptors' blocks through tensor maps where the target can; see
/// tkc-gpu-pipeline), and with `tensorStores` too stores their blocks
/// through the maps (tkc-gpu-tensor-stores). Named `tkc-ttgir`.
void buildTTGIRPipeline(OpPassManager &pm, unsigned numWarps,
                        unsigned threadsPerWarp, unsigned numStages,
                        StringRef target, bool tensorCopies = true,
                        bool tensorStores = false);

/// The LLVM-dialect stage for `target` (a `tkc compile --target` string):
/// sizes shared memory, lowers structured control flow, converts to the
/// LLVM dialect through the target's TargetInfo. Named `tkc-llvm`.
void buildLLVMPipeline(OpPassManager &pm, StringRef target);

/// Adds every dialect that tkc's IR may contain to `registry`, including
/// those and the LLVM IR translations of the backends registered so far.

void registerTKCDialects(DialectRegistry &registry);

/// Registers tkc's passes, the upstream passes it uses, and the named
/// pipelines, so that pass-pipeline strings and tkc-opt flags can name them.
void registerTKCPassesAndPipelines();

} // namespace mlir::tkc

#endif // TKC_PIPELINES_PIPELINES_H
