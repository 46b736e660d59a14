//===- Signature.h - Triton's AOT kernel signature strings ------*- C++ -*-===//
//
// Parses the signature syntax of Triton's ahead-of-time compiler, one entry
// per kernel parameter, comma-separated: `*fp16:16` (a pointer, 16-byte
// aligned), `i32` (an integer), `i32:16` (divisible by 16), `i32:1` (equal to
// one: folded into the IR), and bare literals such as `1024` or `True` for
// constexpr parameters. A tuple parameter takes a parenthesized list of
// entries, `(*fp32:16, *fp32:16)` or `(i64, i64:1)`, nested as deep as the
// kernel's tuples.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_SIGNATURE_H
#define TKC_FRONTEND_SIGNATURE_H

#include "compiler/Frontend/Types.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tkc::frontend {

/// One parameter's entry in a signature.
struct SignatureEntry {
  enum class Kind {
    Typed,   ///< A runtime parameter: pointer or scalar, maybe with a hint.
    Literal, ///< A constexpr value, kept as written (e.g. `1024`, `True`).
    /// A tensor descriptor, `tensordesc<fp16[64, 64]>` (Triton's spelling;
    /// `tensordesc<fp16[64, 64], nan>` pads with NaN): passed as its base
    /// pointer, its shape and its strides but the last, which is 1.
    TensorDesc,
    /// A tuple, `(ENTRY, ...)`: its entries in `elements`.
    Tuple,
  };
  Kind kind = Kind::Typed;
  /// The type of a Typed entry.
  DType type;
  /// Known divisibility (16 for `:16`; 0 when none is known). For pointers
  /// it is the byte alignment.
  unsigned divisibility = 0;
  /// True for `:1` (an integer equal to one).
  bool equalsOne = false;
  /// The text of a Literal entry.
  std::string literal;
  /// A TensorDesc entry's block shape, padding option ("zero", "nan") and
  /// element type as written ("fp16"); `type` is that element type.
  std::vector<int64_t> blockShape;
  std::string padding;
  std::string elementText;
  /// A Tuple entry's entries.
  std::vector<SignatureEntry> elements;
  /// The entry as written, for diagnostics.
  std::string text;
};

/// Parses a signature string. Errors name the entry (1-based) and say what
/// was expected.
llvm::Expected<std::vector<SignatureEntry>>
parseSignature(llvm::StringRef signature);

} // namespace tkc::frontend

#endif // TKC_FRONTEND_SIGNATURE_H
