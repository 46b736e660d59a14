//===- Signature.cpp - Triton's AOT kernel signature strings --------------===//
//
// Splits the signature at commas and parses each entry's type and hint.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Signature.h"

#include "llvm/ADT/StringExtras.h"

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
  char c = text.front();
  return llvm::isDigit(c) || c == '-' || c == '+' || c == '.';
}

llvm::Expected<std::vector<SignatureEntry>>
parseSignature(llvm::StringRef signature) {
  std::vector<SignatureEntry> entries;
  if (signature.trim().empty())
    return entries;
  llvm::SmallVector<llvm::StringRef> parts;
  signature.split(parts, ',');
  for (auto [i, rawPart] : llvm::enumerate(parts)) {
    unsigned index = i + 1;
    llvm::StringRef text = rawPart.trim();
    SignatureEntry entry;
    entry.text = text.str();
    if (text.empty())
      return entryError(index, text, "empty entry");
    if (isLiteral(text)) {
      entry.kind = SignatureEntry::Kind::Literal;
      entry.literal = text.str();
      entries.push_back(std::move(entry));
      continue;
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
    entries.push_back(std::move(entry));
  }
  return entries;
}

} // namespace tkc::frontend
