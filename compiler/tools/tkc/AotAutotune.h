//===- AotAutotune.h - `tkc aot` over a kernel's @triton.autotune -*- C++ -*-//
//
// Turns a kernel's `@triton.autotune` decorator, read from its source, into
// the configs `tkc aot` compiles and the manifest (docs/manifest.md) that
// tells tkc-launcher-gen to autotune over them at run time, keyed by the
// decorator's `key`. Used when the signature leaves the autotuned
// constexprs open; a signature that gives them all compiles that one config.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_TOOLS_TKC_AOTAUTOTUNE_H
#define TKC_TOOLS_TKC_AOTAUTOTUNE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tkc::aot {

/// One decorator config, as `tkc aot` compiles it.
struct AotConfig {
  /// A C identifier, unique among the configs (`BLOCK64_w4_s3`).
  std::string name;
  /// Constexpr name -> Python text, for `--constexpr`.
  std::vector<std::pair<std::string, std::string>> constexprs;
  /// The same values typed for the manifest.
  llvm::json::Object manifestConstexprs;
  unsigned numWarps = 4;
  unsigned numStages = 3;
};

/// What the decorator asks of `tkc aot`.
struct AutotunePlan {
  std::vector<AotConfig> configs;
  std::vector<std::string> key;
  /// (pointer parameter, bytes expression) that autotuning saves and
  /// restores, from `--restore`.
  std::vector<std::pair<std::string, std::string>> restore;
};

/// Reads the decorators of `kernel` in `input` and decides. Returns an
/// empty optional when the kernel has no @triton.autotune or the signature
/// gives every autotuned constexpr (then one config is compiled, as without
/// the decorator), and an error when reading failed (the diagnostics, with
/// their source lines, are already printed on stderr; the error's message
/// summarizes). `restoreOptions` are `--restore PARAM=BYTES` values.
llvm::Expected<std::optional<AutotunePlan>>
planAutotune(llvm::StringRef input, llvm::StringRef kernel,
             llvm::StringRef signature,
             llvm::ArrayRef<std::string> restoreOptions);

/// The manifest tkc-launcher-gen reads for `plan` (docs/manifest.md).
llvm::json::Value makeManifest(const AutotunePlan &plan, llvm::StringRef kernel,
                               llvm::StringRef src, llvm::StringRef signature,
                               llvm::StringRef grid,
                               llvm::ArrayRef<std::string> archs);

} // namespace tkc::aot

#endif // TKC_TOOLS_TKC_AOTAUTOTUNE_H
