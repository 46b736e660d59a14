//===- Driver.h - One compilation, from kernel source to files --*- C++ -*-===//
//
// The compile session behind `tkc compile` and `tkc aot`, as a library that
// tools and tests call without a subprocess: parse a Triton-language kernel
// (or read tkc-dialect IR), run the pipelines of compiler/Pipelines, hand
// the LLVM dialect to the registered backend of each target, and write each
// variant's binary and metadata (metadata/KernelMetadata.h), or print the
// stage `emit` asks for. Every failure is reported on stderr, in `tkc:
// error:` form or as a diagnostic at the kernel's source location, and
// returned as failure(); nothing here exits.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_DRIVER_DRIVER_H
#define TKC_DRIVER_DRIVER_H

#include "compiler/Target/TargetBackend.h"
#include "compiler/Target/TargetSpec.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tkc::driver {

/// The compilation stages `--emit` can stop at, in pipeline order. The
/// assembly stage is named by each backend (`ptx`, `amdgcn`).
enum class Stage { Ast, TTIR, TTGIR, LLIR, Assembly, Binary };

/// What `--emit` asks for: a stage, and for Stage::Assembly the backend's
/// name for it.
struct EmitRequest {
  Stage stage = Stage::Binary;
  std::string assemblyName;

  /// The name users write after `--emit=`.
  std::string name() const;
};

/// Reads an `--emit` value: `ast`, `ttir`, `ttgir`, `llir`, or the assembly
/// name of a registered backend. None for anything else.
std::optional<EmitRequest> parseEmit(llvm::StringRef text);

/// Every `--emit` value, for help texts.
std::string emitChoicesHelp();

/// How to compile, for every input kind.
struct CompileOptions {
  llvm::SmallVector<TargetSpec> targets;
  unsigned numWarps = 4;
  unsigned numStages = 3;
  /// Recorded in the metadata for the launcher (a launch setting).
  unsigned maxBlocksPerSm = 0;
  /// The most registers per thread (Triton's maxnreg; 0: the backend's
  /// choice). NVIDIA targets honour it (ptxas's .maxnreg); AMD ones, as in
  /// Triton, do not take it.
  unsigned maxRegisters = 0;
  /// Copy host descriptors' blocks in Hopper matmul loops through tensor
  /// maps (TMA; tkc-gpu-pipeline's tensor-copies).
  bool tensorCopies = true;
  /// Also store host descriptors' blocks through their tensor maps
  /// (tkc-gpu-tensor-stores), with tensorCopies.
  bool tensorStores = false;
  EmitRequest emit;
  /// The file the stage is printed to ("-": stdout), or the prefix of the
  /// binaries and metadata files.
  std::string output = "-";
  /// Tool and library paths the backends read by name.
  BackendTools tools;
  /// Where set, a target on which the kernel needs more shared memory than
  /// one block has is left out with a warning, its arch appended here, as
  /// Triton's autotuner prunes such a config at run time (`tkc aot` with
  /// several configs, which drops a config every target leaves out); unset,
  /// that is an error.
  std::vector<std::string> *skippedTargets = nullptr;
};

/// A Triton-language kernel to compile.
struct KernelSource {
  /// The .py file, the @triton.jit function's name and the signature in
  /// Triton's AOT syntax.
  std::string input, kernel, signature;
  /// `--constexpr` values as (name, Python text).
  std::vector<std::pair<std::string, std::string>> constexprs;
  /// Keep tl.device_assert checks.
  bool debug = false;
  /// The caller read @triton.autotune/@triton.heuristics itself (`tkc aot`);
  /// the compilation does not note them as ignored.
  bool decoratorsApplied = false;
  /// Directories to find imported modules in (--import-path).
  std::vector<std::string> importPaths;
};

/// Registers MLIR's command-line options (--mlir-timing,
/// --mlir-print-ir-after-all, ...) that compilations apply, and tkc's passes
/// and pipelines. Call it once, before parsing a command line and before
/// the first compilation.
void registerCommandLineOptions();

/// Compiles a .py kernel to what `options.emit` asks for. With binaries,
/// writes OUT.<format> and OUT.json per target (OUT.<arch>.* when there are
/// several), only once every target compiled.
mlir::LogicalResult compileKernel(const KernelSource &source,
                                  const CompileOptions &options);

/// Compiles tkc-dialect (ttir) IR read from `path` the same way.
mlir::LogicalResult compileIRFile(llvm::StringRef path,
                                  const CompileOptions &options);

/// The backend stage this thread is running, for a fatal error handler to
/// say where LLVM failed: "kernel.py:12:5: stage 'ptx' for cuda:90a failed",
/// or "" outside backend stages. (A tool installs the handler: LLVM ends the
/// process after a fatal error, which is a tool's decision, not this
/// library's.)
std::string describeRunningStage();

/// Prints `tkc: error: MESSAGE` on stderr and returns failure().
mlir::LogicalResult reportError(const llvm::Twine &message);

} // namespace tkc::driver

#endif // TKC_DRIVER_DRIVER_H
