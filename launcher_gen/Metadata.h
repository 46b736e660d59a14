//===- Metadata.h - Reading a kernel variant's metadata.json ----*- C++ -*-===//
//
// The launcher generator's view of one compiled variant: the metadata file
// as the contract library (metadata/KernelMetadata.h) reads and checks it,
// plus what only launchers need: the CUDA compute capability spelled out,
// and the bytes of the binary, checked against the recorded size and
// sha256.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_METADATA_H
#define TKC_LAUNCHER_GEN_METADATA_H

#include "metadata/KernelMetadata.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tkc::launcher {

using metadata::isCIdentifier;
/// One parameter of the Triton function (metadata `params`).
using Param = metadata::KernelParam;
/// One argument of the binary's entry function (metadata `kernel_args`).
using KernelArg = metadata::KernelArg;

/// One compiled variant: a metadata file and its binary.
struct Variant : metadata::KernelMetadata {
  /// The metadata file as named on the command line, and its base name.
  std::string path;
  std::string fileName;
  /// CUDA: compute capability of the cubin; `archSpecific` for sm_XYa.
  int archMajor = 0;
  int archMinor = 0;
  bool archSpecific = false;
  /// The binary's bytes.
  std::vector<uint8_t> binary;
};

/// Reads and checks the metadata file at `path` and the binary it names
/// (relative to the file's directory). Every error message starts with
/// `path`.
llvm::Expected<Variant> readVariant(llvm::StringRef path);

} // namespace tkc::launcher

#endif // TKC_LAUNCHER_GEN_METADATA_H
