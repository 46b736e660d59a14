//===- LLVMCodeGen.cpp - LLVM steps every backend takes -------------------===//
//
// The new pass manager's O3 pipeline, the legacy pass manager's file
// emission, and the running of external tools, as the NVIDIA and AMD
// backends both use them.
//
//===----------------------------------------------------------------------===//

#include "backends/common/LLVMCodeGen.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/TargetParser/Triple.h"

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
tkc::createTargetMachine(llvm::StringRef tripleName, llvm::StringRef cpu,
                         llvm::StringRef features,
                         std::optional<llvm::Reloc::Model> relocation) {
  llvm::Triple triple(tripleName);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return makeBackendError("target " + tripleName + " unavailable: " + error);
  llvm::TargetOptions options;
  // Fuse a * b + c into fma, as Triton does by default (enable_fp_fusion):
  // the same numerics as its JIT, and fewer instructions.
  options.AllowFPOpFusion = llvm::FPOpFusion::Fast;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features, options, relocation, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    return makeBackendError("cannot create a " + tripleName +
                            " target machine for " + cpu);
  return machine;
}

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

llvm::Expected<tkc::ToolResult>
tkc::runTool(llvm::StringRef tool, llvm::StringRef toolName,
             llvm::StringRef flag, llvm::ArrayRef<std::string> args,
             llvm::StringRef input, llvm::StringRef inSuffix,
             llvm::StringRef outSuffix) {
  if (!llvm::sys::fs::can_execute(tool))
    return makeBackendError(toolName + " not found at '" + tool +
                            "' (set its path with " + flag + ")");
  llvm::SmallString<128> inPath, outPath, logPath;
  for (auto [path, suffix] :
       {std::pair(&inPath, inSuffix), std::pair(&outPath, outSuffix),
        std::pair(&logPath, llvm::StringRef("log"))})
    if (std::error_code ec =
            llvm::sys::fs::createTemporaryFile("tkc", suffix, *path))
      return makeBackendError("cannot create a temporary file: " +
                              ec.message());
  llvm::scope_exit cleanup([&] {
    for (auto *path : {&inPath, &outPath, &logPath})
      llvm::sys::fs::remove(*path);
  });
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(inPath, ec);
    if (ec)
      return makeBackendError("cannot write '" + inPath + "': " + ec.message());
    out << input;
  }
  std::vector<std::string> expanded = {tool.str()};
  for (const std::string &arg : args)
    expanded.push_back(arg == "{in}"    ? std::string(inPath)
                       : arg == "{out}" ? std::string(outPath)
                                        : arg);
  llvm::SmallVector<llvm::StringRef> argv(expanded.begin(), expanded.end());
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(logPath), llvm::StringRef(logPath)};
  std::string execError;
  int rc = llvm::sys::ExecuteAndWait(tool, argv, std::nullopt, redirects,
                                     /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                                     &execError);
  ToolResult result;
  if (auto log = llvm::MemoryBuffer::getFile(logPath))
    result.log = (*log)->getBuffer().str();
  if (rc != 0)
    return makeBackendError(toolName + " failed" +
                            (execError.empty() ? "" : " (" + execError + ")") +
                            ":\n" + result.log);
  auto output = llvm::MemoryBuffer::getFile(outPath, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!output)
    return makeBackendError(toolName +
                            " wrote no output: " + output.getError().message());
  result.output.assign((*output)->getBufferStart(), (*output)->getBufferEnd());
  return result;
}
