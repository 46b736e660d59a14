//===- Signature.cpp - Triton's AOT kernel signature strings --------------===//
//
// Splits the signature at commas and parses each entry's type and hint, and
// the entries of a tuple's parentheses the same way.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Signature.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

namespace tkc::frontend {

static llvm::Error entryError(unsigned index, llvm::StringRef text,
                              const llvm::Twine &why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "invalid signature entry " +
                                     llvm::Twine(index) + " '" + text +
                                     "': " + why);
}

/// True for text that is a literal constexpr value rather than a type.
static bool isLiteral(llvm::StringRef text) {
  if (text == "True" || text == "False" || text == "None")
    return true;
  if (text.starts_with("'") || text.starts_with("\""))
    return true;
  // A dtype constexpr as kernels pass one (`compute_type=tl.bfloat16`).
  if (text.starts_with("tl."))
    return true;
  char c = text.front();
  if (llvm::isDigit(c) || c == '-' || c == '+' || c == '.')
    return true;
  // What Python's float() reads besides numbers, as Triton's compile.py
  // reads its constexprs: inf, infinity and nan in any case.
  return text.equals_insensitive("inf") ||
         text.equals_insensitive("infinity") || text.equals_insensitive("nan");
}

/// The entries of `signature`: split at the commas outside `<...>`, `[...]`
/// and `(...)` (a tensordesc's block shape and a tuple have commas of their
/// own).
static llvm::SmallVector<llvm::StringRef> splitEntries(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '<' || c == '[' || c == '(')
      ++depth;
    else if ((c == '>' || c == ']' || c == ')') && depth > 0)
      --depth;
    else if (c == ',' && depth == 0) {
      parts.push_back(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push_back(text.substr(start));
  return parts;
}

/// Parses `tensordesc<DTYPE[D0, D1, ...]>` or `tensordesc<DTYPE[...], nan>`
/// into `entry`.
static llvm::Error parseTensorDesc(unsigned index, llvm::StringRef text,
                                   SignatureEntry &entry) {
  llvm::StringRef body = text;
  if (!body.consume_front("tensordesc<") || !body.consume_back(">"))
    return entryError(index, text, "expected tensordesc<DTYPE[D0, D1, ...]>");
  auto [typeText, rest] = body.split('[');
  auto [dimsText, tail] = rest.split(']');
  std::optional<DType> type = DType::parseShortName(typeText.trim());
  if (!type || type->isPtr())
    return entryError(index, text,
                      "unknown element type '" + typeText.trim() + "'");
  llvm::SmallVector<llvm::StringRef> dims;
  dimsText.split(dims, ',');
  for (llvm::StringRef d : dims) {
    int64_t extent = 0;
    if (d.trim().getAsInteger(10, extent) || extent <= 0 ||
        !llvm::isPowerOf2_64(extent))
      return entryError(index, text,
                        "block dimensions must be powers of two, got '" +
                            d.trim() + "'");
    entry.blockShape.push_back(extent);
  }
  tail = tail.trim();
  entry.padding = "zero";
  if (tail.consume_front(",")) {
    entry.padding = tail.trim().str();
    if (entry.padding != "zero" && entry.padding != "nan")
      return entryError(index, text,
                        "the padding must be zero or nan, got '" +
                            entry.padding + "'");
  } else if (!tail.empty()) {
    return entryError(index, text, "unexpected '" + tail + "'");
  }
  entry.kind = SignatureEntry::Kind::TensorDesc;
  entry.type = *type;
  entry.elementText = typeText.trim().str();
  return llvm::Error::success();
}

static llvm::Expected<std::vector<SignatureEntry>>
parseEntries(llvm::StringRef text, bool inTuple, unsigned index);

/// Parses one entry, `text`, the `index`th (1-based) of the signature or
/// inside it.
static llvm::Expected<SignatureEntry> parseEntry(llvm::StringRef text,
                                                 unsigned index) {
  SignatureEntry entry;
  entry.text = text.str();
  if (text.empty())
    return entryError(index, text, "empty entry");
  if (text.starts_with("(")) {
    if (!text.ends_with(")"))
      return entryError(index, text, "a tuple's entries end with ')'");
    auto elements = parseEntries(text.drop_front().drop_back(),
                                 /*inTuple=*/true, index);
    if (!elements)
      return elements.takeError();
    entry.kind = SignatureEntry::Kind::Tuple;
    entry.elements = std::move(*elements);
    return entry;
  }
  if (text.starts_with("tensordesc")) {
    if (llvm::Error error = parseTensorDesc(index, text, entry))
      return std::move(error);
    return entry;
  }
  if (isLiteral(text)) {
    entry.kind = SignatureEntry::Kind::Literal;
    entry.literal = text.str();
    return entry;
  }
  auto [typeText, hintText] = text.split(':');
  std::optional<DType> type = DType::parseShortName(typeText);
  if (!type)
    return entryError(index, text,
                      "unknown type '" + typeText.trim() +
                          "' (expected e.g. *fp16, i32, u64, fp32, bf16)");
  entry.type = *type;
  if (text.contains(':')) {
    unsigned hint = 0;
    if (hintText.trim().getAsInteger(10, hint) || hint == 0)
      return entryError(index, text,
                        "hint must be a positive integer, got '" +
                            hintText.trim() + "'");
    if (type->isFloat())
      return entryError(index, text, "floats take no hint");
    if (hint == 1) {
      if (type->isPtr())
        return entryError(index, text,
                          "':1' (equal to one) applies to integers only");
      entry.equalsOne = true;
    } else {
      if (hint % 16 != 0)
        return entryError(index, text,
                          "divisibility hints must be multiples of 16 "
                          "(or 1 for 'equal to one')");
      entry.divisibility = hint;
    }
  }
  return entry;
}

/// Parses the comma-separated entries of `text`: the signature's (numbered
/// from 1), or a tuple's (numbered as the tuple, `index`; a trailing comma
/// is allowed, as in Python's `(x,)`).
static llvm::Expected<std::vector<SignatureEntry>>
parseEntries(llvm::StringRef text, bool inTuple, unsigned index) {
  std::vector<SignatureEntry> entries;
  if (text.trim().empty())
    return entries;
  llvm::SmallVector<llvm::StringRef> parts = splitEntries(text);
  if (inTuple && parts.size() > 1 && parts.back().trim().empty())
    parts.pop_back();
  for (auto [i, part] : llvm::enumerate(parts)) {
    auto entry = parseEntry(part.trim(), inTuple ? index : i + 1);
    if (!entry)
      return entry.takeError();
    entries.push_back(std::move(*entry));
  }
  return entries;
}

llvm::Expected<std::vector<SignatureEntry>>
parseSignature(llvm::StringRef signature) {
  return parseEntries(signature, /*inTuple=*/false, 0);
}

} // namespace tkc::frontend
