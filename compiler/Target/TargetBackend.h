//===- TargetBackend.h - The interface a vendor backend implements -*- C++
//-*-===//
//
// A TargetBackend turns LLVM-dialect IR for one TargetSpec into a loadable
// binary: it supplies the TargetInfo that lowering uses, translates to LLVM
// IR (linking device libraries and optimizing), emits assembly and
// assembles it. Backends live in backends/<vendor>/ and register
// themselves here, with their name and architectures; compiler/ looks them
// up by TargetSpec::backend and never names a vendor.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_TARGET_TARGETBACKEND_H
#define TKC_TARGET_TARGETBACKEND_H

#include "compiler/Target/TargetInfo.h"
#include "compiler/Target/TargetSpec.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tkc {

/// Paths to the external tools and libraries backends may use (assemblers,
/// linkers, device libraries), keyed by the name of the `tkc` flag that sets
/// them. Each backend reads the names it documents; an absent or empty
/// entry means the backend's default location.
struct BackendTools {
  llvm::StringMap<std::string> paths;

  /// The path given for `name`, or "".
  llvm::StringRef get(llvm::StringRef name) const {
    auto it = paths.find(name);
    return it == paths.end() ? llvm::StringRef() : llvm::StringRef(it->second);
  }
};

/// A binary and what its assembler or its own notes say about it.
struct BinaryResult {
  std::vector<char> bytes;
  /// Resource figures by name (`registers`, `spill_bytes`; `vgpr_count`,
  /// `lds_bytes`, ...), copied into the metadata's `binary` object.
  std::vector<std::pair<std::string, int64_t>> stats;

  /// The value of stat `name`, or -1 where it has none.
  int64_t stat(llvm::StringRef name) const {
    for (const auto &[stat, value] : stats)
      if (stat == name)
        return value;
    return -1;
  }
};

/// What one program takes of a multiprocessor besides its registers, as
/// launches will ask for it: an assembler may trade registers for
/// programs resident at once with it.
struct ProgramFootprint {
  /// Threads per program.
  unsigned threads = 0;
  /// Shared memory per program, in bytes.
  int64_t sharedBytes = 0;
  /// The most programs the launcher lets run at once on one SM (CU); 0:
  /// no cap.
  unsigned maxBlocksPerSm = 0;
};

/// Everything vendor-specific about producing a binary.
class TargetBackend {
public:
  virtual ~TargetBackend();

  /// The name targets and metadata use for this backend: `cuda`, `hip`.
  virtual llvm::StringRef getName() const = 0;

  /// The architectures it compiles for.
  virtual llvm::ArrayRef<ArchInfo> getArchitectures() const = 0;

  /// The `--emit` name of its assembly: `ptx`, `amdgcn`.
  virtual llvm::StringRef getAssemblyName() const = 0;

  /// The TargetInfo for lowering to `spec`.
  virtual std::unique_ptr<TargetInfo>
  createTargetInfo(const TargetSpec &spec) const = 0;

  /// Registers the dialects and LLVM IR translations lowering produces.
  virtual void registerDialects(mlir::DialectRegistry &registry) const = 0;

  /// Translates an LLVM-dialect `module` to an optimized LLVM module for
  /// `spec`, with device libraries linked in.
  virtual llvm::Expected<std::unique_ptr<llvm::Module>>
  translateToLLVMIR(mlir::ModuleOp module, llvm::LLVMContext &context,
                    const TargetSpec &spec,
                    const BackendTools &tools) const = 0;

  /// Emits target assembly (PTX, AMDGCN) for an optimized module.
  virtual llvm::Expected<std::string>
  emitAssembly(llvm::Module &module, const TargetSpec &spec) const = 0;

  /// Whether makeBinary() reads the assembly (PTX, which ptxas assembles)
  /// rather than generating the binary's code from `module` itself
  /// (AMDGPU's object file); where it does not, the driver emits the
  /// assembly only for --emit.
  virtual bool binaryNeedsAssembly() const { return true; }

  /// Assembles (and links) `module`'s assembly into the loadable binary
  /// for programs of `footprint` (`assembly` is empty where
  /// binaryNeedsAssembly() is false).
  virtual llvm::Expected<BinaryResult>
  makeBinary(llvm::Module &module, llvm::StringRef assembly,
             const TargetSpec &spec, const ProgramFootprint &footprint,
             const BackendTools &tools) const = 0;

  /// How many programs of `footprint` can run at once on one SM (CU) with
  /// `binary`'s registers per thread, or with as many as their limit allows
  /// (`countRegisters` false); 0 where the backend does not say.
  virtual unsigned programsPerMultiprocessor(const TargetSpec &spec,
                                             const ProgramFootprint &footprint,
                                             const BinaryResult &binary,
                                             bool countRegisters) const {
    return 0;
  }

  /// The binary's file extension and metadata format name: cubin, hsaco.
  virtual llvm::StringRef getBinaryFormat() const = 0;
};

/// Makes `backend` the one used for targets of its name, and its
/// architectures known to parseTarget().
void registerTargetBackend(std::unique_ptr<TargetBackend> backend);

/// The backend registered under `name`, or null.
const TargetBackend *lookupTargetBackend(llvm::StringRef name);

/// The TargetInfo of `target` (`cuda:90a`, ...) from its registered
/// backend; an error names what is missing or wrong.
llvm::Expected<std::unique_ptr<TargetInfo>>
createTargetInfo(llvm::StringRef target);

/// createTargetInfo() for a pass's `target` option: null after reporting
/// the error on `op`.
std::unique_ptr<TargetInfo> createTargetInfoOrReport(llvm::StringRef target,
                                                     mlir::Operation *op);

/// Every registered backend, in registration order.
std::vector<const TargetBackend *> registeredTargetBackends();

} // namespace tkc

#endif // TKC_TARGET_TARGETBACKEND_H
