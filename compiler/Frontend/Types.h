//===- Types.h - Triton-language data types and their promotion -*- C++ -*-===//
//
// The frontend's view of types: Triton dtypes (signed and unsigned integers,
// the float formats including fp8 kinds, pointers) and blocks of them. Unlike
// MLIR's signless integers, a DType remembers signedness, which decides
// division, shifts, comparisons and casts. Also here: the names users write
// (`tl.float16`, `fp16`, `*fp16`), the mapping to MLIR types, and Triton's
// promotion rules for binary operations.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_TYPES_H
#define TKC_FRONTEND_TYPES_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>

namespace tkc::frontend {

/// A Triton scalar type: `int32`, `uint8`, `fp16`, `pointer<fp32>`, ...
class DType {
public:
  enum class Kind : uint8_t {
    I1,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    FP8E4NV,
    FP8E5,
    FP8E4B8,
    FP8E5B16,
    FP8E4B15,
    FP16,
    BF16,
    FP32,
    FP64,
    Ptr,
  };

  DType() : DType(Kind::I32) {}
  explicit DType(Kind kind) : kind(kind) {}
  /// A pointer to `pointee` in `addressSpace` (1: global).
  static DType pointerTo(const DType &pointee, int addressSpace = 1);

  Kind getKind() const { return kind; }
  bool isInt() const { return kind <= Kind::U64; }
  bool isBool() const { return kind == Kind::I1; }
  bool isSigned() const { return kind >= Kind::I8 && kind <= Kind::I64; }
  bool isUnsigned() const { return isInt() && !isSigned(); }
  bool isFloat() const { return kind >= Kind::FP8E4NV && kind <= Kind::FP64; }
  bool isFP8() const { return kind >= Kind::FP8E4NV && kind <= Kind::FP8E4B15; }
  bool isPtr() const { return kind == Kind::Ptr; }
  /// Width in bits (64 for pointers).
  unsigned getBitWidth() const;
  /// The pointee of a pointer type.
  const DType &getPointee() const { return *pointee; }
  int getAddressSpace() const { return addressSpace; }

  /// Triton's name: `int32`, `uint8`, `fp16`, `bf16`, `fp8e4nv`,
  /// `pointer<fp32>`.
  std::string str() const;
  /// The MLIR type: signless integers, builtin floats, `!tkc.ptr<T>`.
  mlir::Type toMLIR(mlir::MLIRContext *context) const;

  /// Parses a short name as used in signatures: `i32`, `u8`, `fp16`,
  /// `bf16`, `fp8e4nv`, `*fp16` (pointer), `**i8`.
  static std::optional<DType> parseShortName(llvm::StringRef name);
  /// Parses the attribute name of a `tl` dtype: `float16`, `int32`,
  /// `uint8`, `bfloat16`, `float8e4nv`, `int1`, ...
  static std::optional<DType> fromLanguageName(llvm::StringRef name);

  bool operator==(const DType &other) const;
  bool operator!=(const DType &other) const { return !(*this == other); }

private:
  Kind kind;
  std::shared_ptr<const DType> pointee;
  int addressSpace = 1;
};

/// A scalar (empty shape) or a block of a DType.
struct TType {
  DType elem;
  llvm::SmallVector<int64_t> shape;

  bool isBlock() const { return !shape.empty(); }
  /// How many elements it has (1 for a scalar).
  int64_t numel() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  /// The same shape with another element type.
  TType withElem(const DType &e) const { return TType{e, shape}; }
  /// `fp32` or `block<64x128 x fp32>` for diagnostics.
  std::string str() const;
  /// The MLIR type: the scalar type, or a ranked tensor.
  mlir::Type toMLIR(mlir::MLIRContext *context) const;

  bool operator==(const TType &other) const {
    return elem == other.elem && shape == other.shape;
  }
  bool operator!=(const TType &other) const { return !(*this == other); }
};

/// Which operation a promotion is for: `/` and `%` compute halves in fp32.
enum class PromotionPurpose { Arithmetic, DivOrMod };

/// Triton's computation type for a binary arithmetic operation on operands
/// of types `a` and `b`; `aIsLiteral`/`bIsLiteral` mark Python literals
/// (constexprs), which adopt the other operand's type when their kind
/// (bool < int < float) is not higher. Returns nullopt for pointers.
std::optional<DType> computationType(const DType &a, bool aIsLiteral,
                                     const DType &b, bool bIsLiteral,
                                     PromotionPurpose purpose);

/// The common integer type of two integer types (C-like: the wider wins;
/// with mixed signedness, the unsigned one wins unless narrower).
DType promoteIntegers(const DType &a, const DType &b);

} // namespace tkc::frontend

#endif // TKC_FRONTEND_TYPES_H
