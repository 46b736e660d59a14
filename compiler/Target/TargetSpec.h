//===- TargetSpec.h - Parsing of compilation target strings -----*- C++ -*-===//
//
// A TargetSpec names one GPU architecture to compile for. It is parsed from
// Triton's `backend:arch[:warp]` strings (`cuda:90a`, `hip:gfx942`,
// `hip:gfx1100:64`) or the short forms `sm_90a` and `gfx942`, and printed back
// in one canonical form, which names variants in metadata and file names.
// The spelling comes from metadata/TargetName.h; which architectures exist
// comes from the backends, which register them at start-up: nothing here
// names a vendor.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_TARGET_TARGETSPEC_H
#define TKC_TARGET_TARGETSPEC_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tkc {

/// One architecture to compile for, with its warp (wavefront) size.
struct TargetSpec {
  /// The name of the backend that compiles it, as metadata records it:
  /// `cuda`, `hip`.
  std::string backend;
  /// The architecture as its vendor spells it: `sm_90a`, `gfx942`.
  std::string arch;
  /// Threads per warp (wavefront): 32, or 64 on AMD's wave64 chips.
  unsigned warpSize = 32;

  /// The canonical string, `cuda:90a` or `hip:gfx942` (plus `:W` when the
  /// warp size is not the architecture's default). parseTarget() accepts it.
  std::string str() const;

  bool operator==(const TargetSpec &other) const {
    return backend == other.backend && arch == other.arch &&
           warpSize == other.warpSize;
  }
};

/// One architecture a backend compiles for.
struct ArchInfo {
  /// The vendor's spelling: `sm_90a`, `gfx942`.
  llvm::StringRef name;
  unsigned defaultWarpSize;
  /// AMD RDNA chips run wave32 by default, and wave64 too.
  bool allowsWave64 = false;
};

/// Makes the architectures `archs` of backend `backend` known to
/// parseTarget(); registerTargetBackend() calls it. Backends are listed in
/// the order they registered.
void registerArchitectures(llvm::StringRef backend,
                           llvm::ArrayRef<ArchInfo> archs);

/// Parses one target string. The error says what was wrong and lists the
/// supported architectures.
llvm::Expected<TargetSpec> parseTarget(llvm::StringRef text);

/// Parses a comma-separated list of target strings, rejecting duplicates.
llvm::Expected<llvm::SmallVector<TargetSpec>>
parseTargetList(llvm::StringRef text);

/// Human-readable list of every supported architecture, for help texts.
std::string supportedTargetsHelp();

} // namespace tkc

#endif // TKC_TARGET_TARGETSPEC_H
