//===- DeviceLibraries.cpp - Linking ROCm's device libraries --------------===//
//
// ocml.bc (math) and ockl.bc (printf through the HIP runtime's hostcalls),
// Debian's rocm-device-libs, built by an older LLVM, which LLVM 22 reads,
// are linked with LinkOnlyNeeded when the kernel calls their functions, so
// only those and what they use come in. The library reads its configuration
// from __oclc_* constants that a HIP compiler links from one small bitcode
// file each; they are defined here directly, from the target. Everything
// linked becomes internal: after inlining, the optimizer removes it.
//
//===----------------------------------------------------------------------===//

#include "backends/amd/DeviceLibraries.h"

#include "backends/common/LLVMCodeGen.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/TargetParser.h"

using namespace tkc;

namespace {

/// The names of the libraries' functions and tables.
bool isLibrarySymbol(llvm::StringRef name) {
  return name.starts_with("__ocml") || name.starts_with("__ockl") ||
         name.starts_with("__oclc_");
}

/// One device library: the prefix of its functions, its path, the flag
/// that sets the path, what it is and its file's name.
struct Library {
  llvm::StringRef prefix;
  const std::string &path;
  llvm::StringRef flag, what, file;
};

/// A function `module` calls whose name starts with `prefix` and that it
/// does not define, or null.
llvm::Function *calledUndefined(llvm::Module &module, llvm::StringRef prefix) {
  for (llvm::Function &f : module.functions())
    if (f.isDeclaration() && f.getName().starts_with(prefix))
      return &f;
  return nullptr;
}

/// Links `library` into `module` if the module calls one of its functions;
/// whether it did.
llvm::Expected<bool> linkIfCalled(llvm::Module &module,
                                  const Library &library) {
  if (!calledUndefined(module, library.prefix))
    return false;
  const std::string &path = library.path;
  std::string hint = (" (set its path with --" + library.flag +
                      "; Debian's rocm-device-libs package installs it)")
                         .str();
  if (!llvm::sys::fs::exists(path))
    return makeBackendError("ROCm's " + library.what + " " + library.file +
                            " not found at '" + path + "'" + hint);
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> bitcode =
      llvm::parseIRFile(path, diag, module.getContext());
  if (!bitcode)
    return makeBackendError("cannot read ROCm's " + library.what + " '" + path +
                            "': " + diag.getMessage() + hint);
  bitcode->setTargetTriple(module.getTargetTriple());
  bitcode->setDataLayout(module.getDataLayout());
  // Not the library's compiler and OpenCL version: the code object would
  // name them (its .comment section, its notes' kernel language).
  for (llvm::StringRef metadata : {"llvm.ident", "opencl.ocl.version"})
    if (llvm::NamedMDNode *node = bitcode->getNamedMetadata(metadata))
      bitcode->eraseNamedMetadata(node);
  if (llvm::Linker::linkModules(module, std::move(bitcode),
                                llvm::Linker::Flags::LinkOnlyNeeded))
    return makeBackendError("linking ROCm's " + library.what + " '" + path +
                            "' failed");
  if (llvm::Function *missing = calledUndefined(module, library.prefix))
    return makeBackendError("ROCm's " + library.what + " '" + path +
                            "' does not define " + missing->getName() +
                            ", which the kernel calls");
  return true;
}

/// `__oclc_ISA_version`'s value for `arch`: gfx942 is 9402, gfx90a 9010,
/// gfx1100 11000.
unsigned isaVersion(llvm::StringRef arch) {
  llvm::AMDGPU::IsaVersion isa = llvm::AMDGPU::getIsaVersion(arch);
  return isa.Major * 1000 + isa.Minor * 100 + isa.Stepping;
}

/// Gives the control constant `name`, if the linked code reads it, the
/// value `value`.
void defineControlConstant(llvm::Module &module, llvm::StringRef name,
                           uint64_t value) {
  llvm::GlobalVariable *global = module.getNamedGlobal(name);
  if (!global)
    return;
  auto *type = llvm::dyn_cast<llvm::IntegerType>(global->getValueType());
  if (!type)
    return;
  global->setInitializer(llvm::ConstantInt::get(type, value));
  global->setConstant(true);
  global->setLinkage(llvm::GlobalValue::InternalLinkage);
  global->setVisibility(llvm::GlobalValue::DefaultVisibility);
}

} // namespace

llvm::Error tkc::amd::linkDeviceLibraries(llvm::Module &module,
                                          const DeviceLibraryTarget &target) {
  bool calls = false;
  for (const Library &library :
       {Library{"__ocml_", target.ocmlPath, "ocml", "math library", "ocml.bc"},
        Library{"__ockl_", target.ocklPath, "ockl", "kernel library",
                "ockl.bc"}}) {
    llvm::Expected<bool> linked = linkIfCalled(module, library);
    if (!linked)
      return linked.takeError();
    calls |= *linked;
  }
  if (!calls)
    return llvm::Error::success();

  // As a HIP compiler configures the library by default: IEEE behavior,
  // denormals kept, a correctly rounded f32 sqrt.
  defineControlConstant(module, "__oclc_finite_only_opt", 0);
  defineControlConstant(module, "__oclc_unsafe_math_opt", 0);
  defineControlConstant(module, "__oclc_daz_opt", 0);
  defineControlConstant(module, "__oclc_correctly_rounded_sqrt32", 1);
  defineControlConstant(module, "__oclc_wavefrontsize64",
                        target.wavefrontSize == 64);
  defineControlConstant(module, "__oclc_ISA_version", isaVersion(target.arch));
  defineControlConstant(module, "__oclc_ABI_version",
                        target.codeObjectVersion * 100);

  for (llvm::GlobalValue &value : module.global_values())
    if (!value.isDeclaration() && isLibrarySymbol(value.getName())) {
      value.setLinkage(llvm::GlobalValue::InternalLinkage);
      value.setVisibility(llvm::GlobalValue::DefaultVisibility);
    }
  for (llvm::GlobalVariable &global : module.globals())
    if (global.isDeclaration() && global.getName().starts_with("__oclc_"))
      return makeBackendError("ROCm's device libraries read " +
                              global.getName() +
                              ", a control constant tkc does not define");
  return llvm::Error::success();
}
