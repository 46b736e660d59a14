//===- AotAutotune.h - `tkc aot` over a kernel's @triton.autotune -*- C++ -*-//
//
// Turns a kernel's `@triton.autotune` and `@triton.heuristics` decorators,
// read from its source, into the variants `tkc aot` compiles (each config ×
// each value of each heuristic) and the manifest (docs/manifest.md) that
// tells tkc-launcher-gen to autotune over the configs at run time, keyed by
// the decorator's `key`, and to evaluate the heuristics per call. Used when
// the signature leaves those constexprs open; a signature that gives them
// compiles that one variant.
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
  /// Its `maxnreg` (0: none).
  unsigned maxRegisters = 0;
  /// Where its `triton.Config` is written (`kernel.py:LINE:COL`), or empty.
  std::string origin;
  /// The targets it is compiled for (a manifest's per-config `targets`);
  /// empty: all of them.
  std::vector<std::string> targets;
};

/// One `@triton.heuristics` entry `tkc aot` honours: every value it can
/// take is compiled for each config, and the generated C evaluates `expr`
/// per call to pick among them.
struct AotHeuristic {
  std::string constexprName;
  /// The lambda's body in a manifest heuristic's syntax (docs/manifest.md).
  std::string expr;
  /// The values, as Python text for `--constexpr` ("True", "64").
  std::vector<std::string> valueTexts;
  /// The same values typed for the manifest (booleans, integers).
  llvm::json::Array manifestValues;
  /// Where it is written: `kernel.py:LINE:COL` (the file's base name).
  std::string origin;
};

/// What the decorators ask of `tkc aot`.
struct AutotunePlan {
  /// The autotune configs, or one config (the command line's num_warps and
  /// num_stages, no constexprs) for a kernel with heuristics only.
  std::vector<AotConfig> configs;
  /// In decorator order (each may read the constexprs of those before it).
  std::vector<AotHeuristic> heuristics;
  std::vector<std::string> key;
  /// Constexprs the decorator's key names, left out of `key`.
  std::vector<std::string> constexprKey;
  /// (pointer parameter, bytes expression) that autotuning saves and
  /// restores, from `--restore`.
  std::vector<std::pair<std::string, std::string>> restore;
  /// Where @triton.autotune is written (`kernel.py:LINE:COL`), or empty.
  std::string autotuneOrigin;
  /// Constexprs the signature gives as literals when it lists every
  /// parameter but those the decorators set (name, Python text): every
  /// variant is compiled with them.
  std::vector<std::pair<std::string, std::string>> fixedConstexprs;
  /// The positions of those literals among the signature's entries, which
  /// compilerSignature() drops.
  std::vector<size_t> constexprEntries;

  // What a manifest beside the decorators adds (AotManifest.h).
  /// (name, signature), most specialized first; empty: the command line's
  /// signature alone, named "given".
  std::vector<std::pair<std::string, std::string>> specializations;
  std::optional<llvm::json::Object> buckets;
  std::optional<bool> autotune;
  std::optional<llvm::json::Array> tuned;
};

/// Reads the decorators of `kernel` in `input` and decides. Returns an
/// empty optional when the kernel has neither a @triton.autotune whose
/// constexprs the signature leaves open nor a heuristic whose constexpr it
/// leaves open (then one variant is compiled, as without the decorators),
/// and an error when reading failed (the diagnostics, with their source
/// lines, are already printed on stderr; the error's message summarizes).
/// `restoreOptions` are `--restore PARAM=BYTES` values, `heuristicValues`
/// `--heuristic-values NAME=V1,V2,...` ones (the values of a heuristic that
/// computes an integer); `numWarps` and `numStages` make the one config of
/// a kernel with heuristics and no @triton.autotune.
llvm::Expected<std::optional<AutotunePlan>>
planAutotune(llvm::StringRef input, llvm::StringRef kernel,
             llvm::StringRef signature,
             llvm::ArrayRef<std::string> restoreOptions,
             llvm::ArrayRef<std::string> heuristicValues, unsigned numWarps,
             unsigned numStages);

/// `signature` (written as the one planAutotune read) without the entries
/// of `plan.constexprEntries`: the non-constexpr parameters' entries the
/// compiler and the manifest take.
std::string compilerSignature(const AutotunePlan &plan,
                              llvm::StringRef signature);

/// The manifest tkc-launcher-gen reads for `plan` (docs/manifest.md).
llvm::json::Value makeManifest(const AutotunePlan &plan, llvm::StringRef kernel,
                               llvm::StringRef src, llvm::StringRef signature,
                               llvm::StringRef grid,
                               llvm::ArrayRef<std::string> archs);

} // namespace tkc::aot

#endif // TKC_TOOLS_TKC_AOTAUTOTUNE_H
