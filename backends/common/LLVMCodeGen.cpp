//===- LLVMCodeGen.cpp - LLVM steps every backend takes -------------------===//
//
// The new pass manager's O3 pipeline, the legacy pass manager's file
// emission, and the running of external tools, as the NVIDIA and AMD
// backends both use them.
//
//===----------------------------------------------------------------------===//

#include "backends/common/LLVMCodeGen.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/OptBisect.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/TargetParser/Triple.h"

#if defined(__linux__)
#include <sys/personality.h>
#endif

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

namespace {

/// The longest basic block, in instructions, on which tkc runs passes whose
/// time grows with the square of a block's length. Longer blocks come from
/// fully unrolled dots on CUDA cores and from thousands of scalar loads;
/// ptxas reduces their address arithmetic and combines their vectors too.
/// - The code generator's straight-line strength reduction: LLVM 22 took
///   0.5 s on a block of 2,900 instructions, 6.5 s on 11,000 and 25 s on
///   21,000 (LightLLM's rotary kernel at 64 x 64 x 64 on 8 warps, one block
///   of scalar loads), and 59 s on FlagGems' bicubic upsampling at 128 x 128.
/// - The optimizer's VectorCombine, which asks the order of instructions after
///   each one it inserts: FLA's KDA inter-solve (fp32 'ieee' dots, a block of
///   52,700 instructions after O3) took 17.2 s to PTX with it and 4.4 s
///   without, its kkt solve 16.7 s and 3.7 s, for the same PTX.
constexpr size_t kMaxQuadraticBlock = 4000;

/// The code generator's name for straight-line strength reduction, as it asks
/// the context's gate.
constexpr llvm::StringLiteral kStrengthReduction = "slsr";

/// Declines straight-line strength reduction, while installed on a context;
/// every other pass runs.
class NoStrengthReduction : public llvm::OptPassGate {
public:
  bool shouldRunPass(llvm::StringRef pass, llvm::StringRef) const override {
    return pass != kStrengthReduction;
  }
  bool isEnabled() const override { return true; }
};

/// Whether `function` has a block longer than kMaxQuadraticBlock.
bool hasLongBlock(const llvm::Function &function) {
  return llvm::any_of(function, [](const llvm::BasicBlock &block) {
    return block.size() > kMaxQuadraticBlock;
  });
}

/// Whether `module` has a block longer than kMaxQuadraticBlock.
bool hasLongBlock(const llvm::Module &module) {
  return llvm::any_of(module, [](const llvm::Function &function) {
    return hasLongBlock(function);
  });
}

} // namespace

void tkc::optimizeModule(llvm::Module &module, llvm::TargetMachine &machine) {
  // VectorCombine is skipped on functions with long blocks.
  llvm::PassInstrumentationCallbacks callbacks;
  callbacks.registerShouldRunOptionalPassCallback(
      [](llvm::StringRef pass, llvm::Any ir) {
        const auto *function = llvm::any_cast<const llvm::Function *>(&ir);
        return pass != "VectorCombinePass" || !function ||
               !hasLongBlock(**function);
      });
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine, llvm::PipelineTuningOptions(),
                            std::nullopt, &callbacks);
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
  // The kernel's own module and context: the gate lasts this run only.
  llvm::LLVMContext &context = module.getContext();
  llvm::OptPassGate &previous = context.getOptPassGate();
  NoStrengthReduction gate;
  if (hasLongBlock(module))
    context.setOptPassGate(gate);
  llvm::scope_exit restore([&] { context.setOptPassGate(previous); });
  pm.run(module);
  return std::string(out);
}

llvm::Error tkc::makeBackendError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Makes the tools this process runs from now on start without address
/// space randomization, where the system allows it. ptxas orders some of
/// its register choices by where its heap lies: with randomization, one
/// PTX assembled to either of two cubins from run to run (FLA's gated
/// delta rule fwd_h, two uniform registers swapped; 8 of 8 runs the same
/// without it). Bazel's caches want the same bytes from the same input.
/// The personality is inherited over fork and exec; this process's own
/// layout, fixed when it started, does not change.
static void runToolsWithoutRandomization() {
#if defined(__linux__)
  static const bool done = [] {
    int current = personality(0xffffffff);
    if (current != -1 && !(current & ADDR_NO_RANDOMIZE))
      personality(current | ADDR_NO_RANDOMIZE);
    return true;
  }();
  (void)done;
#endif
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
  runToolsWithoutRandomization();
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
