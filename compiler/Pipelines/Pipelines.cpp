//===- Pipelines.cpp - The compiler's pass order --------------------------===//
//
// The one place that says which passes run, in which order, at each stage.
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipelines/Pipelines.h"

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKC/Transforms/Passes.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::tkc {

void buildTTIRPipeline(OpPassManager &pm) {
  pm.addPass(createInlinerPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTKCCombine());
  pm.addPass(createTKCReorderBroadcast());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createSymbolDCEPass());
}

void registerTKCDialects(DialectRegistry &registry) {
  registry.insert<TKCDialect, arith::ArithDialect, math::MathDialect,
                  scf::SCFDialect, cf::ControlFlowDialect, func::FuncDialect>();
  func::registerInlinerExtension(registry);
}

void registerTKCPassesAndPipelines() {
  registerTKCPasses();
  // Upstream passes the pipelines use, so that tkc-opt can run each alone.
  registerCanonicalizerPass();
  registerCSEPass();
  registerInlinerPass();
  registerLoopInvariantCodeMotionPass();
  registerSymbolDCEPass();
  registerSCCPPass();
  PassPipelineRegistration<>(
      "tkc-ttir", "The ttir stage: clean up tkc dialect IR", buildTTIRPipeline);
}

} // namespace mlir::tkc
