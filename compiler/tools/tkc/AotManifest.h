//===- AotManifest.h - A manifest that completes a kernel's decorators -*-C++-//
//
// `tkc aot --manifest M.json` on a kernel tuned by its own @triton.autotune
// and @triton.heuristics: M.json says `"decorators": true` and adds what the
// decorators cannot say (more specializations, targets per config, config
// names, key buckets, a tuned table, buffer sizes, heuristic values). What
// both say must agree: each config the manifest names must be a decorator
// config (same constexprs, num_warps, num_stages), its key the decorator's
// key, its heuristic expressions the decorator's. docs/manifest.md
// ("A manifest beside the decorators") states the rule; every error names
// the manifest, the JSON path and, where there is one, the decorator's line.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_TOOLS_TKC_AOTMANIFEST_H
#define TKC_TOOLS_TKC_AOTMANIFEST_H

#include "compiler/tools/tkc/AotAutotune.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tkc::aot {

/// A manifest with `"decorators": true`, as read and shape-checked.
struct DecoratorManifest {
  /// The file, as named on the command line.
  std::string path;
  std::string kernel;
  std::string src;
  /// (name, signature), most specialized first; empty when not given.
  std::vector<std::pair<std::string, std::string>> specializations;
  /// The grid as "X, Y, Z" text, when given.
  std::optional<std::string> grid;
  /// The targets, when given.
  std::optional<std::vector<std::string>> targets;

  /// One entry of `configs`: a name (and targets) for a decorator config.
  struct Config {
    std::string name;
    /// Constexpr name -> value as Python text ("64", "True", "'abc'").
    std::vector<std::pair<std::string, std::string>> constexprs;
    std::optional<unsigned> numWarps;
    std::optional<unsigned> numStages;
    std::optional<std::vector<std::string>> targets;
  };
  std::vector<Config> configs;
  std::optional<std::vector<std::string>> key;
  /// `buckets`, passed on as written (tkc-launcher-gen checks it).
  std::optional<llvm::json::Object> buckets;
  /// `restore`, as `--restore` values (PARAM=BYTES).
  std::vector<std::string> restore;

  /// One entry of `heuristics`: values (and optionally the expression) of a
  /// decorator heuristic.
  struct Heuristic {
    std::string constexprName;
    std::optional<std::string> expr;
    /// As `--heuristic-values` texts ("64", "True").
    std::vector<std::string> values;
  };
  std::vector<Heuristic> heuristics;
  std::optional<bool> autotune;
  /// `tuned`, or the `tuned` list of `tuned_file` (read here, relative to the
  /// manifest).
  std::optional<llvm::json::Array> tuned;
};

/// Reads `path` and checks its shape: `schema_version` 1, `"decorators":
/// true`, `kernel`, `src`, and only the fields docs/manifest.md lists for
/// such a manifest. Errors read `PATH: JSON.PATH: what was expected`.
llvm::Expected<DecoratorManifest> readDecoratorManifest(llvm::StringRef path);

/// Adds the manifest's `restore` and `heuristics[].values` to the command
/// line's `--restore` and `--heuristic-values` values. A buffer or heuristic
/// both give must be given the same; an error says where they differ.
llvm::Error mergeOptions(const DecoratorManifest &manifest,
                         std::vector<std::string> &restore,
                         std::vector<std::string> &heuristicValues);

/// Applies the manifest to `plan`: names and targets the configs it lists
/// (each must match one decorator config), checks its key and heuristic
/// expressions against the decorators', and sets the plan's
/// specializations (the manifest's, then `signature` unless listed or
/// empty), buckets, autotune flag and tuned table. `archs` are the targets
/// compiled (the command line's, else the manifest's).
llvm::Error applyDecoratorManifest(const DecoratorManifest &manifest,
                                   llvm::StringRef signature,
                                   llvm::ArrayRef<std::string> archs,
                                   AutotunePlan &plan);

} // namespace tkc::aot

#endif // TKC_TOOLS_TKC_AOTMANIFEST_H
