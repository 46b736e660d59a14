//===- Pipelines.cpp - The compiler's pass order --------------------------===//
//
// The one place that says which passes run, in which order, at each stage.
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipelines/Pipelines.h"

#include "compiler/Conversion/Passes.h"
#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Dialect/TKC/Transforms/Passes.h"
#include "compiler/Dialect/TKCGPU/IR/TKCGPUDialect.h"
#include "compiler/Dialect/TKCGPU/Transforms/Passes.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::tkc {

void buildTTIRPipeline(OpPassManager &pm) {
  pm.addPass(createInlinerPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTKCCombine());
  pm.addPass(createTKCReorderBroadcast());
  pm.addPass(createTKCLoopUnroll());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createSymbolDCEPass());
}

void buildTTGIRPipeline(OpPassManager &pm, unsigned numWarps,
                        unsigned threadsPerWarp, unsigned numStages,
                        StringRef target, bool tensorCopies,
                        bool tensorStores) {
  pm.addPass(createConvertTKCToTKCGPU({numWarps, threadsPerWarp}));
  if (!target.empty()) {
    pm.addPass(gpu::createTKCGPUSplitFp32Dots({target.str()}));
    pm.addPass(gpu::createTKCGPUAccelerateMatmul({target.str()}));
  }
  pm.addPass(gpu::createTKCGPUCoalesce({target.str()}));
  pm.addPass(gpu::createTKCGPURemoveLayoutConversions({target.str()}));
  pm.addPass(createCSEPass());
  pm.addPass(
      gpu::createTKCGPUPipeline({numStages, target.str(), tensorCopies}));
  pm.addPass(gpu::createTKCGPUStageFmaOperands());
  if (!target.empty())
    pm.addPass(gpu::createTKCGPUWarpgroupMma({target.str()}));
  pm.addPass(gpu::createTKCGPUStageMmaOperands({target.str()}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(gpu::createTKCGPUSinkLargeLoads());
  if (!target.empty() && tensorCopies && tensorStores)
    pm.addPass(gpu::createTKCGPUTensorStores({target.str()}));
}

void buildLLVMPipeline(OpPassManager &pm, StringRef target) {
  pm.addPass(gpu::createTKCGPUAllocateSharedMemory({target.str()}));
  // Vector widths and runs of equal values come from the axis analysis,
  // which follows scf loops and branches: record them before those become
  // blocks and branches.
  pm.addPass(gpu::createTKCGPURecordVectorWidths());
  pm.addPass(gpu::createTKCGPURecordConstancy());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertTKCGPUToLLVM({target.str()}));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void registerTKCDialects(DialectRegistry &registry) {
  registry.insert<TKCDialect, gpu::TKCGPUDialect, arith::ArithDialect,
                  math::MathDialect, scf::SCFDialect, cf::ControlFlowDialect,
                  func::FuncDialect, LLVM::LLVMDialect>();
  func::registerInlinerExtension(registry);
  for (const ::tkc::TargetBackend *backend : ::tkc::registeredTargetBackends())
    backend->registerDialects(registry);
}

namespace {
/// Options of the `tkc-ttgir` pipeline.
struct TTGIRPipelineOptions : public PassPipelineOptions<TTGIRPipelineOptions> {
  Option<unsigned> numWarps{*this, "num-warps",
                            llvm::cl::desc("Warps per program"),
                            llvm::cl::init(4)};
  Option<unsigned> threadsPerWarp{
      *this, "threads-per-warp",
      llvm::cl::desc("Lanes per warp: the target's warp size (required)"),
      llvm::cl::init(0)};
  Option<unsigned> numStages{
      *this, "num-stages",
      llvm::cl::desc("Software pipelining stages of dot loops"),
      llvm::cl::init(1)};
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("Target whose matrix instructions dots may use, e.g. "
                     "cuda:80 (none: every dot uses multiply-adds)")};
  Option<bool> tensorCopies{
      *this, "tensor-copies",
      llvm::cl::desc("Copy host descriptors' blocks through tensor maps "
                     "(Hopper's TMA)"),
      llvm::cl::init(true)};
  Option<bool> tensorStores{
      *this, "tensor-stores",
      llvm::cl::desc("With tensor-copies, also store host descriptors' "
                     "blocks through their tensor maps"),
      llvm::cl::init(false)};
};
/// Options of the `tkc-llvm` pipeline.
struct LLVMPipelineOptions : public PassPipelineOptions<LLVMPipelineOptions> {
  Option<unsigned> numStages{
      *this, "num-stages",
      llvm::cl::desc("Software pipelining stages of dot loops"),
      llvm::cl::init(1)};
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("Target, e.g. cuda:90a or hip:gfx942 (required)")};
};
} // namespace

void registerTKCPassesAndPipelines() {
  registerTKCPasses();
  // Upstream passes the pipelines use, so that tkc-opt can run each alone.
  registerCanonicalizerPass();
  registerCSEPass();
  registerInlinerPass();
  registerLoopInvariantCodeMotionPass();
  registerSymbolDCEPass();
  registerSCCPPass();
  registerSCFToControlFlowPass();
  registerReconcileUnrealizedCastsPass();
  gpu::registerTKCGPUPasses();
  registerTKCConversionPasses();
  PassPipelineRegistration<>(
      "tkc-ttir", "The ttir stage: clean up tkc dialect IR", buildTTIRPipeline);
  PassPipelineRegistration<TTGIRPipelineOptions>(
      "tkc-ttgir", "The ttgir stage: layouts and coalescing",
      [](OpPassManager &pm, const TTGIRPipelineOptions &options) {
        buildTTGIRPipeline(pm, options.numWarps, options.threadsPerWarp,
                           options.numStages, options.target,
                           options.tensorCopies, options.tensorStores);
      });
  PassPipelineRegistration<LLVMPipelineOptions>(
      "tkc-llvm", "Lower ttgir to the LLVM dialect for a target",
      [](OpPassManager &pm, const LLVMPipelineOptions &options) {
        buildLLVMPipeline(pm, options.target);
      });
}

} // namespace mlir::tkc
