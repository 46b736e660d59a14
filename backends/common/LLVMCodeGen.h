//===- LLVMCodeGen.h - LLVM steps every backend takes -----------*- C++ -*-===//
//
// The parts of turning an LLVM module into target code that do not depend
// on the vendor: the O3 optimization pipeline for a target machine, and
// emitting assembly or an object file through the legacy code generator,
// and running an external assembler or linker on private temporary files.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_BACKENDS_COMMON_LLVMCODEGEN_H
#define TKC_BACKENDS_COMMON_LLVMCODEGEN_H

#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tkc {

/// The target machine for `triple`, CPU `cpu` and `features` at O3, with
/// floating-point contraction into FMA allowed as Triton's default does (its
/// LLVM target must be initialized), or an error naming `cpu`.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(llvm::StringRef triple, llvm::StringRef cpu,
                    llvm::StringRef features,
                    std::optional<llvm::Reloc::Model> relocation);

/// Runs LLVM's O3 module pipeline on `module` for `machine`; on functions with
/// a block of more than 4,000 instructions, without VectorCombine, whose time
/// grows with the square of a block's length.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine);

/// Emits `module` as `type` (assembly or object) with `machine`; in a module
/// with a block of more than 4,000 instructions, without the code
/// generator's straight-line strength reduction, whose time grows with the
/// square of a block's length.
llvm::Expected<std::string> emitFile(llvm::Module &module,
                                     llvm::TargetMachine &machine,
                                     llvm::CodeGenFileType type);

/// What an external tool (ptxas, ld.lld) made of one input.
struct ToolResult {
  /// The bytes of the file it wrote.
  std::vector<char> output;
  /// Its standard output and error together.
  std::string log;
};

/// Writes `input` to a private temporary `.inSuffix` file, runs `tool`
/// (named `toolName` in errors) with `args`, where "{in}" and "{out}" stand
/// for the temporary input and output paths, and returns the output file.
/// The temporaries are removed. `flag` is the option that sets the tool's
/// path, for the error when it is missing. On Linux the tool runs without
/// address space randomization where the system allows (ptxas's output
/// depends on its heap's place).
llvm::Expected<ToolResult>
runTool(llvm::StringRef tool, llvm::StringRef toolName, llvm::StringRef flag,
        llvm::ArrayRef<std::string> args, llvm::StringRef input,
        llvm::StringRef inSuffix, llvm::StringRef outSuffix);

/// An llvm::Error with `message`.
llvm::Error makeBackendError(const llvm::Twine &message);

} // namespace tkc

#endif // TKC_BACKENDS_COMMON_LLVMCODEGEN_H
