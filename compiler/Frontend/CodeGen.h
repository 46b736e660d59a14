//===- CodeGen.h - Triton-language AST to the tkc dialect -------*- C++ -*-===//
//
// Generates tkc-dialect IR for one @triton.jit kernel of a parsed Module,
// specialized by a signature (types and divisibility/equal-to-one hints)
// and constexpr values. Constexprs are evaluated at compile time, @jit
// helpers are inlined, `tl.static_range` loops are unrolled, and every op
// carries the `file.py:line:col` location of the expression it came from.
// Errors are reported through Diagnostics at their source position.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_CODEGEN_H
#define TKC_FRONTEND_CODEGEN_H

#include "compiler/Frontend/AST.h"
#include "compiler/Frontend/Signature.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <utility>
#include <vector>

namespace tkc::frontend {

/// What to compile: which kernel, and how to specialize it.
struct KernelRequest {
  /// Name of the @jit function.
  std::string kernelName;
  /// One entry per parameter, or one per non-constexpr parameter (then the
  /// constexprs come from `constexprs` or their defaults).
  std::vector<SignatureEntry> signature;
  /// `NAME=VALUE` pairs for tl.constexpr parameters (from --constexpr);
  /// they take precedence over signature literals and defaults.
  std::vector<std::pair<std::string, std::string>> constexprs;
  /// Keep tl.device_assert checks (Triton's debug mode); otherwise they
  /// are dropped, as Triton does.
  bool debug = false;
  /// The caller has read the kernel's @triton.autotune/@triton.heuristics
  /// (Decorators.h) and applied them; otherwise they are noted as ignored.
  bool decoratorsApplied = false;
  /// Warps per program: tl.extra.cuda.num_warps() and num_threads() (CUDA's
  /// 32 threads per warp) are these compile-time values.
  unsigned numWarps = 4;
  /// Directories that imported modules are searched in (as Python's
  /// sys.path), after the kernel file's own directory and the root of the
  /// package it is in.
  std::vector<std::string> importPaths;
  /// The backend compiled for (`cuda`, `hip`), or empty: the modules the
  /// kernel imports are parsed for it (parseModule()).
  std::string vendor;
  /// The architecture compiled for (`sm_90a`, `gfx942`), or empty:
  /// triton.language.target_info's queries (`cuda_capability_geq`) answer
  /// for it.
  std::string arch;
};

/// Whether Triton 3.6's module `module` has the attribute `name`, as
/// module-level `hasattr(tl, "name")` asks (parseModule()'s query): for
/// `triton`, its public names; for `triton.language`, tkc's builtins,
/// library functions and dtypes, and the language features it knows but
/// does not implement yet; for the libdevice modules, their functions. None
/// for other modules.
std::optional<bool> tritonModuleHasAttribute(llvm::StringRef module,
                                             llvm::StringRef name);

/// Generates the kernel's tkc-dialect module into `context` (which must
/// have the tkc dialects loaded). Returns null after reporting errors.
mlir::OwningOpRef<mlir::ModuleOp> generateTTIR(const Module &module,
                                               const KernelRequest &request,
                                               Diagnostics &diags,
                                               mlir::MLIRContext &context);

} // namespace tkc::frontend

#endif // TKC_FRONTEND_CODEGEN_H
