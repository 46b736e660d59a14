//===- TargetName.h - How targets are spelled, for every vendor -*- C++ -*-===//
//
// The one table of target spellings: for each vendor, the backend name that
// metadata files record (`cuda`, `hip`), how its architectures are named
// (`sm_90a`, `gfx942`), how Triton's long form spells them (`cuda:90a`,
// `hip:gfx942[:warp]`) and the binary format its variants produce. The
// compiler (TargetSpec), the launcher generator and the Bazel rule's
// Starlark twin (rules/private/targets.bzl) all read target strings this
// way. Which architectures are supported is not here: each compiler backend
// registers its own.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_METADATA_TARGETNAME_H
#define TKC_METADATA_TARGETNAME_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace tkc::metadata {

/// How one vendor spells its targets.
struct VendorSpelling {
  /// The backend name of metadata files and long-form targets: `cuda`.
  llvm::StringRef backend;
  /// How the vendor's architecture names start: `sm_`, `gfx`.
  llvm::StringRef archPrefix;
  /// Whether the long form leaves the prefix out (`cuda:90a` is `sm_90a`,
  /// but `hip:gfx942` keeps it).
  bool longFormDropsPrefix;
  /// The binary format (and file extension) of its variants: `cubin`.
  llvm::StringRef binaryFormat;
  /// The warp sizes its architectures may run (powers of two in between).
  unsigned minWarpSize, maxWarpSize;
};

/// Every vendor tkc's metadata and launchers know, in a fixed order.
llvm::ArrayRef<VendorSpelling> vendorSpellings();

/// The vendor whose backend name is `backend`, or null.
const VendorSpelling *findVendor(llvm::StringRef backend);

/// The vendor whose architecture names `arch` starts like, or null.
const VendorSpelling *vendorOfArch(llvm::StringRef arch);

/// A target string taken apart: which vendor, which architecture, and the
/// warp size when one was given.
struct TargetName {
  const VendorSpelling *vendor = nullptr;
  /// The architecture as the vendor spells it: `sm_90a`, `gfx942`.
  std::string arch;
  /// The `:W` of `hip:gfx1100:64`, if present.
  std::optional<unsigned> warpSize;
};

/// Reads `cuda:90a`, `sm_90a`, `hip:gfx942[:W]` or `gfx942`. It checks the
/// spelling only, not whether a backend supports the architecture.
llvm::Expected<TargetName> parseTargetName(llvm::StringRef text);

/// The canonical long form without a warp size: `cuda:90a`, `hip:gfx942`.
std::string longTargetName(const VendorSpelling &vendor, llvm::StringRef arch);

/// A CUDA architecture's compute capability: `sm_90a` is 9.0, specific to
/// its architecture.
struct CudaCapability {
  int major = 0, minor = 0;
  /// The `a` suffix: features of this architecture alone (wgmma on 9.0).
  bool specific = false;
};

/// Reads `sm_NN` or `sm_NNa` (NN from 10 to 999); nullopt for anything else.
std::optional<CudaCapability> parseCudaCapability(llvm::StringRef arch);

} // namespace tkc::metadata

#endif // TKC_METADATA_TARGETNAME_H
