//===- LLVMCodeGen.h - LLVM steps every backend takes -----------*- C++ -*-===//
//
// The parts of turning an LLVM module into target code that do not depend
// on the vendor: the O3 optimization pipeline for a target machine, and
// emitting assembly or an object file through the legacy code generator.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_BACKENDS_COMMON_LLVMCODEGEN_H
#define TKC_BACKENDS_COMMON_LLVMCODEGEN_H

#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

#include <string>

namespace tkc {

/// Runs LLVM's O3 module pipeline on `module` for `machine`.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine);

/// Emits `module` as `type` (assembly or object) with `machine`.
llvm::Expected<std::string> emitFile(llvm::Module &module,
                                     llvm::TargetMachine &machine,
                                     llvm::CodeGenFileType type);

/// An llvm::Error with `message`.
llvm::Error makeBackendError(const llvm::Twine &message);

} // namespace tkc

#endif // TKC_BACKENDS_COMMON_LLVMCODEGEN_H
