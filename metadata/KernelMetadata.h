//===- KernelMetadata.h - The metadata file of one variant ------*- C++ -*-===//
//
// The contract between the compiler and the launcher generator: what one
// compiled variant's metadata file (docs/metadata.md, schema version 1)
// holds, how it is written (toJSON) and how it is read back and checked
// (parseKernelMetadata). The compiler writes it, launcher_gen reads it, and
// neither knows the other: this library depends on LLVM's Support only.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_METADATA_KERNELMETADATA_H
#define TKC_METADATA_KERNELMETADATA_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tkc::metadata {

/// The schema version this library writes and reads.
constexpr int64_t kSchemaVersion = 1;

/// The tkc version recorded in every metadata file.
constexpr llvm::StringLiteral kToolVersion = "0.1.0";

/// The C type a caller passes for a scalar of Triton dtype `dtype`
/// (`int32_t`, `float`, ...), or "" when no scalar has that dtype.
llvm::StringRef scalarCType(llvm::StringRef dtype);

/// Size in bytes of a scalar of `dtype` as the binary receives it; 0 for an
/// unknown dtype.
unsigned scalarSize(llvm::StringRef dtype);

/// Whether `dtype` is one of Triton's element types of docs/metadata.md.
bool isKnownDType(llvm::StringRef dtype);

/// Lowercase hex SHA-256 of `bytes`.
std::string sha256Hex(llvm::ArrayRef<uint8_t> bytes);

/// Whether `name` is a C identifier.
bool isCIdentifier(llvm::StringRef name);

/// One parameter of the Triton function, in source order (`params`).
struct KernelParam {
  std::string name;
  /// `pointer`, `scalar` or `constexpr`.
  std::string kind;
  /// Triton's short dtype name (`fp16`, `i32`); pointers: the pointee's;
  /// empty for constexprs.
  std::string dtype;
  /// Divisibility the variant assumes (bytes for pointers); 1 for none.
  int64_t divisibility = 1;
  /// The variant assumes the value is 1 and does not take the argument.
  bool equalToOne = false;
  /// A constexpr's value as Python source text.
  std::string value;
  /// Pointers: how the kernel may access the memory behind it, `none`,
  /// `read`, `write` or `readwrite`; "" when unknown (then not written, and
  /// readers assume `readwrite`).
  std::string access;

  bool isConstexpr() const { return kind == "constexpr"; }
  bool isPointer() const { return kind == "pointer"; }
  /// Whether the kernel may write / read through this pointer.
  bool mayWrite() const { return access != "read" && access != "none"; }
  bool mayRead() const { return access != "write" && access != "none"; }
  /// Whether the binary takes this parameter as an argument.
  bool isPassed() const { return !isConstexpr() && !equalToOne; }
  /// The C type a caller passes: `void *` for pointers, else scalarCType().
  std::string cType() const;
};

/// One argument of the binary's entry function (`kernel_args`).
struct KernelArg {
  /// The `params` entry it comes from (empty for hidden arguments).
  std::string name;
  std::string cType;
  int64_t size = 0;
  int64_t align = 0;
  /// Not a user parameter: passed as `size` zero bytes.
  bool hidden = false;
};

/// The most kernel arguments one extent or stride of a tensor map
/// multiplies.
constexpr size_t kMaxTensorMapOperandArgs = 3;

/// An extent or stride of a tensor map: the product of a constant and up to
/// kMaxTensorMapOperandArgs integer kernel arguments (`tensor_maps[i].shape`,
/// `.strides`).
struct TensorMapOperand {
  /// The arguments' parameter names.
  std::vector<std::string> args;
  int64_t scale = 1;
};

/// A tensor map the binary takes after its kernel_args (`tensor_maps`): 128
/// bytes (a CUtensorMap) that the launcher encodes from kernel arguments
/// (those of a tensor descriptor parameter, or those a descriptor made in
/// the kernel was made of) and passes by value, through which the kernel
/// copies the descriptor's blocks (Hopper's TMA).
struct TensorMapDesc {
  /// The descriptor's name: the parameter's, or how tl.make_tensor_descriptor
  /// was called.
  std::string descriptor;
  /// The pointer parameter of the tensor's first element.
  std::string base;
  /// Each dimension's extent, outermost first, and each stride but the
  /// last's, in elements (the last is 1).
  std::vector<TensorMapOperand> shape, strides;
  /// Bytes of one element (1, 2 or 4).
  int64_t elementBytes = 0;
  /// The box one copy moves, outermost dimension first (1 to 5 extents of
  /// 1 to 256; the innermost spans a multiple of 16 bytes).
  std::vector<int64_t> box;
  /// Bytes of the swizzle span: 0 (none), 32, 64 or 128, at least the
  /// innermost extent's bytes.
  int64_t swizzle = 0;
};

/// The architecture a variant was compiled for (`target`).
struct TargetDesc {
  /// `cuda` or `hip` (see TargetName.h).
  std::string backend;
  /// The vendor's spelling: `sm_90a`, `gfx942`.
  std::string arch;
  int64_t warpSize = 32;
};

/// Everything docs/metadata.md lists about one variant.
struct KernelMetadata {
  std::string kernel;
  std::string entry;
  TargetDesc target;
  /// `cubin` or `hsaco`, the binary's file name (relative to the metadata
  /// file), its size and its SHA-256.
  std::string binaryFormat;
  std::string binaryFile;
  int64_t binarySize = 0;
  std::string sha256;
  /// Resource figures of the binary by name (`registers`, `spill_bytes`,
  /// `vgpr_count`, ...), kept in the `binary` object.
  std::vector<std::pair<std::string, int64_t>> binaryStats;
  int64_t numWarps = 4;
  int64_t numStages = 3;
  int64_t sharedBytes = 0;
  /// The most blocks per multiprocessor the launcher lets run at once (0:
  /// no cap): the kernel's config's, or, where that set none, the
  /// compiler's choice (maxBlocksPerSmChosen).
  int64_t maxBlocksPerSm = 0;
  /// Whether the compiler chose maxBlocksPerSm for a config that set no
  /// cap (`max_blocks_per_sm_chosen`, written only when true).
  bool maxBlocksPerSmChosen = false;
  /// The cap the kernel's config set (0: none), which tells configs apart.
  int64_t requestedMaxBlocksPerSm() const {
    return maxBlocksPerSmChosen ? 0 : maxBlocksPerSm;
  }
  /// The registers per thread the kernel was capped at (Triton's maxnreg;
  /// 0: no cap). Configs that differ only in it are different configs.
  int64_t maxRegisters = 0;
  std::vector<KernelParam> params;
  std::vector<KernelArg> kernelArgs;
  /// The tensor maps passed after kernelArgs, in order.
  std::vector<TensorMapDesc> tensorMaps;

  /// Threads per block: num_warps times the warp size.
  int64_t threadsPerBlock() const { return numWarps * target.warpSize; }

  /// The parameter named `name`, or null.
  const KernelParam *findParam(llvm::StringRef name) const;

  /// The JSON document.
  llvm::json::Value toJSON() const;
};

/// The binary's arguments for `params`: one per passed parameter, in order.
std::vector<KernelArg> kernelArgsOf(llvm::ArrayRef<KernelParam> params);

/// Reads and checks a metadata document; `file` names it in every error
/// ("FILE: FIELD: what was expected"). The binary itself is not read.
llvm::Expected<KernelMetadata>
parseKernelMetadata(const llvm::json::Value &json, llvm::StringRef file);

/// Loads the metadata file at `path` and parses it.
llvm::Expected<KernelMetadata> readKernelMetadata(llvm::StringRef path);

} // namespace tkc::metadata

#endif // TKC_METADATA_KERNELMETADATA_H
