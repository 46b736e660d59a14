//===- AMDBackend.cpp - LLVM dialect → AMDGCN → hsaco ---------------------===//
//
// The AMD TargetBackend: translates the LLVM-dialect module (with ROCDL
// ops) to LLVM IR for amdgcn-amd-amdhsa, pins the code object version
// (5 by default, which current ROCm runtimes load; TKC_AMDHSA_COV
// overrides), links the ROCm math functions it calls (DeviceLibraries.h),
// optimizes at O3 for the gfx* CPU, emits an object file and
// links it with ld.lld into a .hsaco. Resource figures (VGPRs, SGPRs,
// spills, LDS, wavefront size) are read back from the code object's AMDGPU
// metadata note.
//
//===----------------------------------------------------------------------===//

#include "backends/amd/AMDBackend.h"
#include "backends/amd/AMDTargetInfo.h"
#include "backends/amd/DeviceLibraries.h"

#include "backends/common/LLVMCodeGen.h"
#include "compiler/Target/TargetBackend.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <cstdlib>
#include <mutex>

extern "C" {
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
void LLVMInitializeAMDGPUAsmParser();
}

using namespace tkc;
using namespace tkc::amd;

namespace {

constexpr const char *kTriple = "amdgcn-amd-amdhsa";
constexpr const char *kDefaultLld = "/usr/lib/llvm-22/bin/ld.lld";
/// Code object version 5: what ROCm 5.x and 6.x load.
constexpr int kDefaultCodeObjectVersion = 5;

/// The wavefront size feature of `spec` (explicit, so a wave64 RDNA
/// variant asked for as `hip:gfx1100:64` gets it).
std::string featuresOf(const TargetSpec &spec) {
  return spec.warpSize == 64 ? "+wavefrontsize64" : "+wavefrontsize32";
}

/// The code object version to emit: TKC_AMDHSA_COV (4, 5 or 6) or 5.
llvm::Expected<int> codeObjectVersion() {
  const char *env = std::getenv("TKC_AMDHSA_COV");
  if (!env)
    return kDefaultCodeObjectVersion;
  llvm::StringRef text(env);
  int version = 0;
  if (text.getAsInteger(10, version) || version < 4 || version > 6)
    return makeBackendError("TKC_AMDHSA_COV must be 4, 5 or 6, got '" + text +
                            "'");
  return version;
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const TargetSpec &spec) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    // Inline assembly (tl.inline_asm_elementwise) is parsed when the code
    // object is emitted.
    LLVMInitializeAMDGPUAsmParser();
  });
  return tkc::createTargetMachine(kTriple, spec.arch, featuresOf(spec),
                                  llvm::Reloc::PIC_);
}

/// Emits `module` as `type` (assembly or object) for `spec`. Code
/// generation rewrites the IR it runs on (control-flow structurization), so
/// it runs on a copy: the module can be emitted again.
llvm::Expected<std::string> emit(const llvm::Module &original,
                                 const TargetSpec &spec,
                                 llvm::CodeGenFileType type) {
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(original);
  llvm::Module &module = *copy;
  auto machine = createTargetMachine(spec);
  if (!machine)
    return machine.takeError();
  return emitFile(module, **machine, type);
}

/// Reads the resource figures of `kernel` from the AMDGPU metadata note of
/// the code object `bytes`.
void readNotes(llvm::StringRef bytes, llvm::StringRef kernel,
               std::vector<std::pair<std::string, int64_t>> &stats) {
  auto buffer = llvm::MemoryBuffer::getMemBuffer(bytes, "hsaco", false);
  auto object =
      llvm::object::ELF64LEObjectFile::create(buffer->getMemBufferRef());
  if (!object) {
    llvm::consumeError(object.takeError());
    return;
  }
  const auto &elf = object->getELFFile();
  auto headers = elf.program_headers();
  if (!headers) {
    llvm::consumeError(headers.takeError());
    return;
  }
  for (const auto &header : *headers) {
    if (header.p_type != llvm::ELF::PT_NOTE)
      continue;
    llvm::Error err = llvm::Error::success();
    for (const auto &note : elf.notes(header, err)) {
      if (note.getName() != "AMDGPU" ||
          note.getType() != llvm::ELF::NT_AMDGPU_METADATA)
        continue;
      llvm::msgpack::Document doc;
      llvm::ArrayRef<uint8_t> desc = note.getDesc(header.p_align);
      if (!doc.readFromBlob(
              llvm::StringRef(reinterpret_cast<const char *>(desc.data()),
                              desc.size()),
              false))
        continue;
      auto &root = doc.getRoot().getMap(true);
      auto kernels = root.find(doc.getNode("amdhsa.kernels"));
      if (kernels == root.end())
        continue;
      for (auto &entry : kernels->second.getArray(true)) {
        auto &map = entry.getMap(true);
        auto name = map.find(doc.getNode(".name"));
        if (name == map.end() || name->second.getString() != kernel)
          continue;
        for (auto [key, field] :
             {std::pair(".vgpr_count", "vgpr_count"),
              std::pair(".sgpr_count", "sgpr_count"),
              std::pair(".vgpr_spill_count", "vgpr_spill_count"),
              std::pair(".sgpr_spill_count", "sgpr_spill_count"),
              std::pair(".group_segment_fixed_size", "lds_bytes"),
              std::pair(".private_segment_fixed_size", "scratch_bytes"),
              std::pair(".wavefront_size", "wavefront_size")}) {
          auto it = map.find(doc.getNode(key));
          if (it != map.end() && it->second.isScalar())
            stats.emplace_back(field, it->second.getUInt());
        }
      }
    }
    llvm::consumeError(std::move(err));
  }
}

/// The AMD architectures tkc compiles for; RDNA runs wave32, or wave64.
constexpr ArchInfo kArchitectures[] = {
    {"gfx90a", 64},        {"gfx942", 64},        {"gfx950", 64},
    {"gfx1100", 32, true}, {"gfx1101", 32, true}, {"gfx1200", 32, true},
    {"gfx1201", 32, true},
};

class AMDBackend : public TargetBackend {
public:
  llvm::StringRef getName() const override { return "hip"; }
  llvm::ArrayRef<ArchInfo> getArchitectures() const override {
    return kArchitectures;
  }
  llvm::StringRef getAssemblyName() const override { return "amdgcn"; }

  std::unique_ptr<TargetInfo>
  createTargetInfo(const TargetSpec &spec) const override {
    return std::make_unique<AMDTargetInfo>(spec.arch, spec.warpSize);
  }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::ROCDL::ROCDLDialect>();
    mlir::registerBuiltinDialectTranslation(registry);
    mlir::registerLLVMDialectTranslation(registry);
    mlir::registerROCDLDialectTranslation(registry);
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
    auto version = codeObjectVersion();
    if (!version)
      return version.takeError();
    llvmModule->addModuleFlag(llvm::Module::Error, "amdhsa_code_object_version",
                              *version * 100);
    llvm::StringRef ocml = tools.get("ocml"), ockl = tools.get("ockl");
    if (auto err = linkDeviceLibraries(
            *llvmModule, {ocml.empty() ? kDefaultOcmlPath : ocml.str(),
                          ockl.empty() ? kDefaultOcklPath : ockl.str(),
                          spec.arch, spec.warpSize, *version}))
      return std::move(err);
    optimizeModule(*llvmModule, **machine);
    return llvmModule;
  }

  llvm::Expected<std::string>
  emitAssembly(llvm::Module &module, const TargetSpec &spec) const override {
    return emit(module, spec, llvm::CodeGenFileType::AssemblyFile);
  }

  /// The object file is generated from the module: code generation, which
  /// runs the longest on large kernels (LLVM's straight-line strength
  /// reduction), runs once.
  bool binaryNeedsAssembly() const override { return false; }

  llvm::Expected<BinaryResult>
  makeBinary(llvm::Module &module, llvm::StringRef, const TargetSpec &spec,
             const ProgramFootprint &,
             const BackendTools &tools) const override {
    llvm::StringRef given = tools.get("ld-lld");
    std::string lld = given.empty() ? kDefaultLld : given.str();
    auto object = emit(module, spec, llvm::CodeGenFileType::ObjectFile);
    if (!object)
      return object.takeError();
    auto ran = runTool(lld, "ld.lld", "--ld-lld",
                       {"-flavor", "gnu", "-shared", "{in}", "-o", "{out}"},
                       *object, "o", "hsaco");
    if (!ran)
      return ran.takeError();
    BinaryResult result;
    result.bytes = std::move(ran->output);
    llvm::StringRef hsaco(result.bytes.data(), result.bytes.size());
    for (llvm::Function &f : module.functions())
      if (f.getCallingConv() == llvm::CallingConv::AMDGPU_KERNEL)
        readNotes(hsaco, f.getName(), result.stats);
    return result;
  }

  llvm::StringRef getBinaryFormat() const override { return "hsaco"; }
};

} // namespace

void tkc::amd::registerAMDBackend() {
  registerTargetBackend(std::make_unique<AMDBackend>());
}
