//===- LauncherEmitter.h - Metadata to the generated C pair -----*- C++ -*-===//
//
// Turns the checked variants of one kernel and the grid into the values of
// templates/kernel.h.in and kernel.c.in and renders both: the C API's
// parameter list, each variant's blob, run-time checks, kernel arguments and
// grid, and the config groups the dispatch chooses among.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_LAUNCHEREMITTER_H
#define TKC_LAUNCHER_GEN_LAUNCHEREMITTER_H

#include "launcher_gen/BlobPacks.h"
#include "launcher_gen/Manifest.h"
#include "launcher_gen/Metadata.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tkc::launcher {

/// The generated pair, and the variants report (BlobPacks.h:
/// formatVariantsReport).
struct GeneratedLauncher {
  std::string header;
  std::string source;
  std::string report;
};

/// Generates NAME.h and NAME.c for `variants` (in command-line order) with
/// the grid text `grid`; the source includes the header as `headerInclude`
/// (NAME.h when empty). With a `manifest`, each variant belongs to the
/// manifest config whose values it was compiled with (configs keep the
/// manifest's numbering), and the dispatch gets the manifest's key, buckets,
/// restore buffers and tuned table; without one, variants with equal values
/// form a config, numbered per vendor in command-line order. The binaries
/// are embedded as `blobs` says (BlobPacks.h): in one zstd frame per vendor
/// (per architecture for a large one), or as one array each. Errors are
/// complete messages, starting with the file or "--grid" they are about.
llvm::Expected<GeneratedLauncher> generateLauncher(
    llvm::StringRef name, llvm::StringRef grid, std::vector<Variant> variants,
    llvm::StringRef headerInclude = "", const Manifest *manifest = nullptr,
    const BlobOptions &blobs = BlobOptions());

} // namespace tkc::launcher

#endif // TKC_LAUNCHER_GEN_LAUNCHEREMITTER_H
