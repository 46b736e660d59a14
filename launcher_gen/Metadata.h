//===- Metadata.h - Reading a kernel variant's metadata.json ----*- C++ -*-===//
//
// The launcher generator's view of one compiled variant: the metadata file of
// docs/metadata.md (schema version 1), checked field by field, plus the bytes
// of the binary it names, checked against the recorded size and sha256.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_METADATA_H
#define TKC_LAUNCHER_GEN_METADATA_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tkc::launcher {

/// The only metadata schema version this generator reads.
constexpr int64_t kMetadataSchemaVersion = 1;

/// One parameter of the Triton function (metadata `params`).
struct Param {
  std::string name;
  /// "pointer", "scalar" or "constexpr".
  std::string kind;
  /// Triton dtype ("fp32", "i32", ...); empty for constexprs.
  std::string dtype;
  /// The C type a caller passes ("void *", "int32_t", ...).
  std::string cType;
  /// Pointers: byte alignment; integers: divisor. 1 means no assumption.
  int64_t divisibility = 1;
  /// The variant assumes the value is 1 (and does not pass it).
  bool equalToOne = false;
  /// Constexprs: the value as Triton source text.
  std::string value;
  /// Pointers: how the kernel uses the buffer ("read", "write", "readwrite",
  /// "none"); empty when the metadata does not say (treat as "readwrite").
  std::string access;
  /// Whether the kernel may write / read through this pointer.
  bool mayWrite() const { return access != "read" && access != "none"; }
  bool mayRead() const { return access != "write" && access != "none"; }

  bool isConstexpr() const { return kind == "constexpr"; }
  bool isPointer() const { return kind == "pointer"; }
};

/// One argument of the binary's entry function (metadata `kernel_args`).
struct KernelArg {
  /// The `params` entry it comes from (empty for hidden arguments).
  std::string name;
  std::string cType;
  int64_t size = 0;
  int64_t align = 0;
  /// Not a user parameter: passed as `size` zero bytes.
  bool hidden = false;
};

/// One compiled variant: a metadata file and its binary.
struct Variant {
  /// The metadata file as named on the command line, and its base name.
  std::string path;
  std::string fileName;
  std::string kernel;
  std::string entry;
  /// "cuda" or "hip", and the vendor's arch spelling ("sm_90a", "gfx942").
  std::string backend;
  std::string arch;
  int64_t warpSize = 0;
  /// CUDA: compute capability of the cubin; `archSpecific` for sm_XYa.
  int archMajor = 0;
  int archMinor = 0;
  bool archSpecific = false;
  /// "cubin" or "hsaco", the binary's file name and its bytes.
  std::string format;
  std::string binaryFile;
  std::vector<uint8_t> binary;
  std::string sha256;
  int64_t numWarps = 0;
  int64_t threadsPerBlock = 0;
  int64_t numStages = 0;
  int64_t sharedBytes = 0;
  /// At most this many blocks per SM (CU) at once; 0: no cap.
  int64_t maxBlocksPerSm = 0;
  std::vector<Param> params;
  std::vector<KernelArg> kernelArgs;

  /// The parameter named `name`, or null.
  const Param *findParam(llvm::StringRef name) const;
};

/// Reads and checks the metadata file at `path` and the binary it names
/// (relative to the file's directory). Every error message starts with
/// `path`.
llvm::Expected<Variant> readVariant(llvm::StringRef path);

/// Whether `name` is a C identifier.
bool isCIdentifier(llvm::StringRef name);

} // namespace tkc::launcher

#endif // TKC_LAUNCHER_GEN_METADATA_H
