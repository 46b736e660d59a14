//===- KernelMetadata.h - The metadata file written per variant -*- C++ -*-===//
//
// What tkc records about one compiled variant for launcher_gen: the JSON
// file documented in docs/metadata.md (schema version 1). This is the only
// contract between the compiler and the launcher generator.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_TARGET_KERNELMETADATA_H
#define TKC_TARGET_KERNELMETADATA_H

#include "compiler/Target/TargetSpec.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tkc {

/// One parameter of the Triton function, in source order.
struct KernelParam {
  std::string name;
  /// `pointer`, `scalar` or `constexpr`.
  std::string kind;
  /// Triton's short dtype name (`fp16`, `i32`); pointers: the pointee's.
  std::string dtype;
  /// Divisibility the variant assumes (bytes for pointers); 1 for none.
  int64_t divisibility = 1;
  /// The variant assumes the value is 1 and does not take the argument.
  bool equalToOne = false;
  /// A constexpr's value as Python source text.
  std::string value;
  /// Pointers: how the kernel may access the memory behind it, `none`,
  /// `read`, `write` or `readwrite`; "" when unknown (the field is then not
  /// written).
  std::string access;
};

/// Everything docs/metadata.md lists about one variant.
struct KernelMetadata {
  static constexpr int kSchemaVersion = 1;

  std::string kernel;
  std::string entry;
  TargetSpec target;
  std::string binaryFormat;
  std::string binaryFile;
  std::string sha256;
  uint64_t binarySize = 0;
  unsigned numWarps = 4;
  unsigned numStages = 3;
  unsigned sharedBytes = 0;
  /// The most blocks per multiprocessor the launcher lets run at once (0:
  /// no cap); a launch setting the compiler only records.
  unsigned maxBlocksPerSm = 0;
  /// Resource figures of the binary (see BinaryResult::stats).
  std::vector<std::pair<std::string, int64_t>> binaryStats;
  std::vector<KernelParam> params;

  /// The JSON document, fields in a fixed order.
  llvm::json::Value toJSON() const;
};

/// The C type a caller passes for a parameter of Triton dtype `dtype`
/// (`void *` for pointers), or "" for an unknown dtype.
std::string cTypeOf(const KernelParam &param);

/// Lowercase hex SHA-256 of `bytes`.
std::string sha256Hex(llvm::ArrayRef<uint8_t> bytes);

} // namespace tkc

#endif // TKC_TARGET_KERNELMETADATA_H
