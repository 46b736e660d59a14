//===- NVIDIABackend.cpp - LLVM dialect → PTX → cubin ---------------------===//
//
// The NVIDIA TargetBackend: translates the LLVM-dialect module (with NVVM
// ops) to LLVM IR, links libdevice when the kernel calls its functions,
// optimizes at O3 for the sm_* CPU of the NVPTX target (libdevice's
// __nvvm_reflect answered after), prints PTX, and
// runs ptxas to make the cubin, reading register and spill counts from its
// verbose report.
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/NVIDIABackend.h"
#include "backends/nvidia/NVIDIATargetInfo.h"

#include "backends/common/LLVMCodeGen.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <mutex>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace tkc;
using namespace tkc::nvidia;

namespace {

constexpr const char *kTriple = "nvptx64-nvidia-cuda";
constexpr const char *kDefaultPtxas = "/usr/local/cuda/bin/ptxas";
constexpr const char *kDefaultLibdevice =
    "/usr/local/cuda/nvvm/libdevice/libdevice.10.bc";

/// The compute capability of `spec`: the digits after `sm_` (90 for
/// sm_90a).
unsigned computeCapabilityOf(const TargetSpec &spec) {
  unsigned capability = 0;
  llvm::StringRef(spec.arch).drop_front(3).consumeInteger(10, capability);
  return capability;
}

/// The NVPTX target machine for `spec` (sm_80, sm_90a, ...). sm_89 and the
/// sm_90 family emit PTX 8.4, the first with fp8 mma.sync; sm_70 to sm_88 at
/// least PTX 7.4, the first with cache eviction priorities on loads and
/// stores (`eviction_policy=`); others (sm_100 on, whose first PTX is 8.6 or
/// later) LLVM's default for the architecture.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const TargetSpec &spec) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    // 32-bit shared-memory addresses, as CUDA and Triton use: one register
    // and one integer instruction per address instead of two. The data
    // layout of every NVPTX target machine created after this has them.
    auto &options = llvm::cl::getRegisteredOptions();
    auto shortPointers = options.find("nvptx-short-ptr");
    if (shortPointers != options.end())
      shortPointers->second->addOccurrence(0, "nvptx-short-ptr", "true");
  });
  unsigned capability = computeCapabilityOf(spec);
  llvm::StringRef features = capability >= 100  ? ""
                             : capability >= 89 ? "+ptx84"
                             : capability >= 70 ? "+ptx74"
                                                : "";
  return tkc::createTargetMachine(kTriple, spec.arch, features, std::nullopt);
}

/// Links the libdevice functions `module` calls, then internalizes them.
/// Their __nvvm_reflect("__CUDA_FTZ") takes the flush-to-zero paths, as
/// Triton sets it, for the same numbers and speed.
llvm::Error linkLibdevice(llvm::Module &module, llvm::StringRef path) {
  bool needed = llvm::any_of(module.functions(), [](llvm::Function &f) {
    return f.isDeclaration() && f.getName().starts_with("__nv_");
  });
  if (!needed)
    return llvm::Error::success();
  module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", 1);
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> lib =
      llvm::parseIRFile(path, diag, module.getContext());
  if (!lib)
    return makeBackendError("cannot read libdevice '" + path +
                            "': " + diag.getMessage() +
                            " (set its path with --libdevice)");
  lib->setTargetTriple(module.getTargetTriple());
  lib->setDataLayout(module.getDataLayout());
  if (llvm::Linker::linkModules(module, std::move(lib),
                                llvm::Linker::Flags::LinkOnlyNeeded))
    return makeBackendError("linking libdevice failed");
  for (llvm::Function &f : module.functions())
    if (!f.isDeclaration() && f.getName().starts_with("__nv_"))
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
  return llvm::Error::success();
}

/// The opaque stand-in for libdevice's __nvvm_reflect during optimization.
constexpr const char *kDeferredReflect = "tkc.deferred_nvvm_reflect";

/// libdevice's functions ask __nvvm_reflect which variant to take
/// (flush-to-zero, architecture). Answered at the start of LLVM's pipeline,
/// as the NVPTX target does, the answers let SimplifyCFG turn the branches
/// of their rare paths (infinities, NaNs, denormals) into selects; ptxas
/// then schedules every element's math at once, with more registers and
/// fewer resident warps than Triton's kernels, whose O3 leaves the question
/// open until code generation. tkc does the same: during optimization the
/// calls go to an opaque function that touches no memory the kernel sees
/// (loads still move across it) but cannot be merged or speculated, and
/// answerReflect() answers them afterwards.
void deferReflect(llvm::Module &module) {
  llvm::Function *reflect = module.getFunction("__nvvm_reflect");
  if (!reflect)
    return;
  llvm::Function *deferred = llvm::Function::Create(
      reflect->getFunctionType(), llvm::GlobalValue::ExternalLinkage,
      kDeferredReflect, module);
  deferred->setMemoryEffects(llvm::MemoryEffects::inaccessibleMemOnly());
  deferred->setDoesNotThrow();
  deferred->setWillReturn();
  reflect->replaceAllUsesWith(deferred);
  reflect->eraseFromParent();
}

/// Replaces the deferred reflect calls with NVVMReflect's answers for
/// compute capability `capability`: __CUDA_FTZ the module's
/// nvvm-reflect-ftz flag (linkLibdevice sets 1), __CUDA_ARCH the capability
/// times ten, anything else 0.
void answerReflect(llvm::Module &module, unsigned capability) {
  llvm::Function *deferred = module.getFunction(kDeferredReflect);
  if (!deferred)
    return;
  int ftz = 0;
  if (auto *flag = llvm::mdconst::extract_or_null<llvm::ConstantInt>(
          module.getModuleFlag("nvvm-reflect-ftz")))
    ftz = static_cast<int>(flag->getZExtValue());
  for (llvm::User *user : llvm::make_early_inc_range(deferred->users())) {
    auto *call = llvm::cast<llvm::CallInst>(user);
    llvm::StringRef name;
    if (auto *global = llvm::dyn_cast<llvm::GlobalVariable>(
            call->getArgOperand(0)->stripPointerCasts()))
      if (auto *text = llvm::dyn_cast_or_null<llvm::ConstantDataSequential>(
              global->getInitializer()))
        if (text->isCString())
          name = text->getAsCString();
    int answer = name == "__CUDA_FTZ"    ? ftz
                 : name == "__CUDA_ARCH" ? static_cast<int>(capability * 10)
                                         : 0;
    call->replaceAllUsesWith(llvm::ConstantInt::get(call->getType(), answer));
    call->eraseFromParent();
  }
  deferred->eraseFromParent();
}

/// Marks every loop of `module` not to be unrolled by a count known only at
/// run time. NVPTX's cost model asks LLVM's unroller for that (up to 8
/// copies of a small body and a remainder loop); Triton's O3 runs without a
/// target machine, whose default model does not, and the kernels' loops
/// are written for that: aiter's layer norm took 153 global loads in SASS
/// against Triton's 44, applied-ai's paged attention 736 instructions
/// against 480. Unrolling by a constant trip count (tl.static_range,
/// constant bounds) is unaffected.
void disableRuntimeUnrolling(llvm::Module &module) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    llvm::DominatorTree dominators(function);
    llvm::LoopInfo loops(dominators);
    for (llvm::Loop *loop : loops.getLoopsInPreorder())
      llvm::addStringMetadataToLoop(loop, "llvm.loop.unroll.runtime.disable");
  }
}

/// Reads `pattern`'s first group as an integer from ptxas's report.
int readCount(llvm::StringRef report, llvm::StringRef pattern) {
  llvm::SmallVector<llvm::StringRef, 2> groups;
  int value = -1;
  if (llvm::Regex(pattern).match(report, &groups))
    groups[1].getAsInteger(10, value);
  return value;
}

/// The NVIDIA architectures tkc compiles for.
constexpr ArchInfo kArchitectures[] = {
    {"sm_80", 32},  {"sm_86", 32},   {"sm_87", 32},  {"sm_89", 32},
    {"sm_90", 32},  {"sm_90a", 32},  {"sm_100", 32}, {"sm_100a", 32},
    {"sm_120", 32}, {"sm_120a", 32},
};

class NVIDIABackend : public TargetBackend {
public:
  llvm::StringRef getName() const override { return "cuda"; }
  llvm::ArrayRef<ArchInfo> getArchitectures() const override {
    return kArchitectures;
  }
  llvm::StringRef getAssemblyName() const override { return "ptx"; }

  std::unique_ptr<TargetInfo>
  createTargetInfo(const TargetSpec &spec) const override {
    return std::make_unique<NVIDIATargetInfo>(
        computeCapabilityOf(spec), llvm::StringRef(spec.arch).ends_with("a"));
  }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::NVVM::NVVMDialect>();
    mlir::registerBuiltinDialectTranslation(registry);
    mlir::registerLLVMDialectTranslation(registry);
    mlir::registerNVVMDialectTranslation(registry);
  }

  llvm::Expected<std::unique_ptr<llvm::Module>>
  translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                    const TargetSpec &spec,
                    const BackendTools &tools) const override {
    auto machine = createTargetMachine(spec);
    if (!machine)
      return machine.takeError();
    std::unique_ptr<llvm::Module> llvmModule =
        mlir::translateModuleToLLVMIR(module, context, "tkc");
    if (!llvmModule)
      return makeBackendError("translation to LLVM IR failed");
    llvmModule->setTargetTriple(llvm::Triple(kTriple));
    llvmModule->setDataLayout((*machine)->createDataLayout());
    llvm::StringRef libdevice = tools.get("libdevice");
    if (auto err = linkLibdevice(
            *llvmModule, libdevice.empty() ? kDefaultLibdevice : libdevice))
      return std::move(err);

    deferReflect(*llvmModule);
    disableRuntimeUnrolling(*llvmModule);
    optimizeModule(*llvmModule, **machine);
    answerReflect(*llvmModule, computeCapabilityOf(spec));
    return llvmModule;
  }

  llvm::Expected<std::string>
  emitAssembly(llvm::Module &module, const TargetSpec &spec) const override {
    auto machine = createTargetMachine(spec);
    if (!machine)
      return machine.takeError();
    return emitFile(module, **machine, llvm::CodeGenFileType::AssemblyFile);
  }

  llvm::Expected<BinaryResult>
  makeBinary(llvm::Module &, llvm::StringRef ptx, const TargetSpec &spec,
             const ProgramFootprint &footprint,
             const BackendTools &tools) const override {
    llvm::StringRef given = tools.get("ptxas");
    std::string ptxas = given.empty() ? kDefaultPtxas : given.str();
    // ptxas on `ptx`, asked to fit `minBlocks` programs on one SM if not 0.
    auto assemble = [&](unsigned minBlocks) -> llvm::Expected<BinaryResult> {
      auto ran =
          runTool(ptxas, "ptxas", "--ptxas",
                  {"-arch=" + spec.arch, "-O3", "-v", "{in}", "-o", "{out}"},
                  minBlocks ? withMinBlocks(ptx, minBlocks) : ptx.str(), "ptx",
                  "cubin");
      if (!ran)
        return ran.takeError();
      BinaryResult result;
      result.bytes = std::move(ran->output);
      llvm::StringRef report = ran->log;
      int registers = readCount(report, "Used ([0-9]+) registers");
      int stores = readCount(report, "([0-9]+) bytes spill stores");
      int loads = readCount(report, "([0-9]+) bytes spill loads");
      if (registers >= 0)
        result.stats.emplace_back("registers", registers);
      if (stores >= 0 && loads >= 0)
        result.stats.emplace_back("spill_bytes", stores + loads);
      return result;
    };
    auto first = assemble(0);
    if (!first)
      return first.takeError();
    // A kernel that sets its own occupancy or register cap keeps it.
    if (ptx.contains(".minnctapersm") || ptx.contains(".maxnreg"))
      return first;
    int64_t registers = first->stat("registers");
    int64_t spills = first->stat("spill_bytes");
    if (spills > 0) {
      // ptxas gives some kernels whose registers overflow (long unrolled
      // attention and matmul bodies) 32 registers and kilobytes of stack
      // under .reqntid alone, where Triton's code gets 255. Allowing it
      // one block per SM (.minnctapersm 1) lifts that; it is kept where
      // it spills less. It is not the default: elsewhere ptxas then
      // trades occupancy for registers.
      if (registers >= 255)
        return first;
      auto widened = assemble(1);
      if (!widened)
        return widened.takeError();
      if (widened->stat("spill_bytes") < spills)
        return std::move(*widened);
      return first;
    }
    // A program that its registers alone keep alone on its SM (a matmul of
    // eight warps: 164 registers where two programs' shared memory fits)
    // is given a second one (.minnctapersm 2) when ptxas fits it spilling
    // little (maxPairedSpillBytes): the second program's loads and
    // multiplies then fill the first one's waits at barriers and on its
    // pipeline. On the H100, a tf32 matmul of 128x128 tiles ran 5% faster
    // so; on the H200, Liger's swiglu backward (74 registers, 16 warps; 24
    // bytes of spill stores and loads) 9% and mx-format matmuls of 8 warps
    // (175 registers; 144 bytes) 15-20%.
    if (!aloneForRegisters(registers, footprint, computeCapabilityOf(spec)))
      return first;
    // ptxas refuses where one instruction needs more registers than that
    // leaves (a warpgroup multiply's accumulators).
    auto paired = assemble(2);
    if (!paired) {
      llvm::consumeError(paired.takeError());
      return first;
    }
    if (paired->stat("spill_bytes") <= maxPairedSpillBytes(ptx))
      return std::move(*paired);
    return first;
  }

  /// The most bytes of spill stores and loads ptxas may add to fit two
  /// programs of `ptx` on an SM. Matrix-multiply kernels, whose
  /// accumulators never spill, gain most from a second program. Elsewhere,
  /// spills land in the loops that do the work: on the H200, Liger's
  /// cross-entropy (256 bytes) and total-variation-distance (212 bytes)
  /// kernels ran 0.60 and 0.77 of their one-program speed paired.
  static int64_t maxPairedSpillBytes(llvm::StringRef ptx) {
    bool multiplies = ptx.contains("mma.sync") || ptx.contains("wgmma.");
    return multiplies ? 160 : 32;
  }

  /// `ptx` with `.minnctapersm minBlocks` after each `.reqntid`.
  static std::string withMinBlocks(llvm::StringRef ptx, unsigned minBlocks) {
    std::string out;
    for (llvm::StringRef line : llvm::split(ptx, '\n')) {
      out += line.str() + "\n";
      if (line.trim().starts_with(".reqntid"))
        out += ".minnctapersm " + std::to_string(minBlocks) + "\n";
    }
    return out;
  }

  /// Whether a program of `footprint` using `registers` per thread runs
  /// alone on an SM of compute capability `capability` only for its
  /// registers: two would fit by threads and shared memory, and the
  /// launcher does not cap programs per SM at one.
  static bool aloneForRegisters(int64_t registers,
                                const ProgramFootprint &footprint,
                                unsigned capability) {
    return registers > 0 &&
           programsPerSm(footprint, capability, registers) == 1 &&
           programsPerSm(footprint, capability, 0) >= 2;
  }

  /// Programs of `footprint` that fit on one SM of compute capability
  /// `capability` by threads, shared memory and (where `registers` is not
  /// 0) registers per thread; 0 if the footprint is unknown.
  static unsigned programsPerSm(const ProgramFootprint &footprint,
                                unsigned capability, int64_t registers) {
    if (footprint.threads == 0)
      return 0;
    // Threads per SM: 2048 on the data-center parts (8.0, 9.0, 10.x), 1536
    // on the others; at most 32 programs.
    bool dataCenter = capability == 80 || capability == 90 ||
                      (capability >= 100 && capability < 110);
    int64_t programs =
        std::min<int64_t>(32, (dataCenter ? 2048 : 1536) / footprint.threads);
    // Each program also holds 1 KB of shared memory the system reserves;
    // an SM has that much more than one program may ask for.
    int64_t sharedPerSm =
        NVIDIATargetInfo(capability, false).getMaxSharedBytes() + 1024;
    programs = std::min(programs, sharedPerSm / (footprint.sharedBytes + 1024));
    if (registers > 0) {
      // Registers are allocated per warp in units of 256 (8 per thread)
      // from 64K per SM on every architecture tkc targets.
      constexpr int64_t kRegistersPerSm = 64 * 1024;
      int64_t warps = llvm::divideCeil(footprint.threads, 32);
      int64_t perWarp = llvm::alignTo(registers, 8) * 32;
      programs = std::min(programs, kRegistersPerSm / perWarp / warps);
    }
    if (footprint.maxBlocksPerSm)
      programs = std::min<int64_t>(programs, footprint.maxBlocksPerSm);
    return static_cast<unsigned>(std::max<int64_t>(programs, 0));
  }

  unsigned programsPerMultiprocessor(const TargetSpec &spec,
                                     const ProgramFootprint &footprint,
                                     const BinaryResult &binary,
                                     bool countRegisters) const override {
    int64_t registers = countRegisters ? binary.stat("registers") : 0;
    if (countRegisters && registers <= 0)
      return 0;
    return programsPerSm(footprint, computeCapabilityOf(spec), registers);
  }

  llvm::StringRef getBinaryFormat() const override { return "cubin"; }
};

} // namespace

void tkc::nvidia::registerNVIDIABackend() {
  registerTargetBackend(std::make_unique<NVIDIABackend>());
}
