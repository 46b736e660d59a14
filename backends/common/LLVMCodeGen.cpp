//===- LLVMCodeGen.cpp - LLVM steps every backend takes -------------------===//
//
// The new pass manager's O3 pipeline, and the legacy pass manager's file
// emission, as the NVIDIA and AMD backends both use them.
//
//===----------------------------------------------------------------------===//

#include "backends/common/LLVMCodeGen.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/Passes/PassBuilder.h"

void tkc::optimizeModule(llvm::Module &module, llvm::TargetMachine &machine) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3)
      .run(module, mam);
}

llvm::Expected<std::string> tkc::emitFile(llvm::Module &module,
                                          llvm::TargetMachine &machine,
                                          llvm::CodeGenFileType type) {
  llvm::SmallString<0> out;
  llvm::raw_svector_ostream os(out);
  llvm::legacy::PassManager pm;
  if (machine.addPassesToEmitFile(pm, os, nullptr, type))
    return makeBackendError("the target cannot emit this kind of file");
  pm.run(module);
  return std::string(out);
}

llvm::Error tkc::makeBackendError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}
