//===- Manifest.h - Reading a kernel's manifest (docs/manifest.md) -*- C++
//-*-===//
//
// The launcher generator's view of a kernel manifest: its configs (to number
// the compiled variants), the tuning key and its buckets, the buffers
// autotuning restores, the heuristics that pick constexprs per call, whether
// it may autotune, and the tuned table (inline or from `tuned_file`). Every
// field is checked; errors name the file, the JSON path and what was expected.
// Names are checked against the kernel's parameters later, by the emitter,
// which knows them from the metadata.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_MANIFEST_H
#define TKC_LAUNCHER_GEN_MANIFEST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tkc::launcher {

/// One entry of `configs`.
struct ManifestConfig {
  std::string name;
  /// Constexpr name -> value as Triton source text ("64", "True").
  std::vector<std::pair<std::string, std::string>> constexprs;
  int64_t numWarps = 4;
  int64_t numStages = 3;
  /// At most this many blocks per SM (CU) at once; 0: no cap.
  int64_t maxBlocksPerSm = 0;
  /// At most this many registers per thread (Triton's maxnreg); 0: no cap.
  int64_t maxRegisters = 0;
  /// The JSON path, for messages ("configs[2]").
  std::string where;
};

/// How a key parameter's value becomes its bucket.
struct Bucketing {
  enum class Kind { Pow2, Exact, Bounds } kind = Kind::Pow2;
  /// Kind::Bounds: sorted upper bounds.
  std::vector<int64_t> bounds;
};

/// One buffer autotuning saves and restores.
struct RestoreBuffer {
  std::string param;
  /// Its size in bytes, an integer expression (the grid's syntax).
  std::string bytes;
  std::string where;
};

/// One entry of the tuned table.
struct TunedEntry {
  std::string kernel;
  std::string arch;
  /// Key parameter -> bucket value.
  std::map<std::string, int64_t> key;
  std::string config;
  /// "tuned[3]" or "tuned_file FILE: tuned[3]".
  std::string where;
};

/// One entry of `heuristics`: a constexpr the generated C computes per call
/// from the arguments, which picks the variant compiled with that value.
struct ManifestHeuristic {
  /// The constexpr it sets.
  std::string constexprName;
  /// A Python expression over the parameters and constexprs (GridExpr.h).
  std::string expr;
  /// The values compiled (booleans as 0 and 1), in manifest order; empty
  /// when not given (then the expression must be boolean: 0 and 1).
  std::vector<int64_t> values;
  /// Where the heuristic was written (`kernel.py:12:5`), or empty.
  std::string origin;
  /// The JSON path, for messages ("heuristics[0]").
  std::string where;
};

/// A checked manifest.
struct Manifest {
  /// The file as named on the command line.
  std::string path;
  std::string kernel;
  /// The grid as "X, Y, Z" text (a list is joined).
  std::string grid;
  std::vector<ManifestConfig> configs;
  std::vector<std::string> key;
  /// Per key parameter; absent ones are Pow2.
  std::map<std::string, Bucketing> buckets;
  /// The manifest's targets, as written.
  std::vector<std::string> targets;
  std::vector<RestoreBuffer> restore;
  /// In order: each may read the constexprs of those before it.
  std::vector<ManifestHeuristic> heuristics;
  bool autotune = true;
  std::vector<TunedEntry> tuned;
};

/// Reads and checks the manifest at `path` (and its `tuned_file`, relative
/// to it). Every error message starts with the file it is about.
llvm::Expected<Manifest> readManifest(llvm::StringRef path);

} // namespace tkc::launcher

#endif // TKC_LAUNCHER_GEN_MANIFEST_H
