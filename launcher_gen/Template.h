//===- Template.h - Filling the launcher's C template files -----*- C++ -*-===//
//
// The generated NAME.h and NAME.c come from real C template files
// (templates/*.in) with two constructs:
//   @KEY@             replaced by the value of KEY;
//   @for LIST@ ... @end@   (each on a line of its own) repeats the lines in
//                      between once per item of LIST, whose keys shadow the
//                      outer ones.
// Every key must be defined: an unknown one is an error, never left as is.
//
//===----------------------------------------------------------------------===//
#ifndef TKC_LAUNCHER_GEN_TEMPLATE_H
#define TKC_LAUNCHER_GEN_TEMPLATE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace tkc::launcher {

/// The values a template is filled with: strings by key, and lists of
/// nested value sets for @for blocks.
class TemplateValues {
public:
  /// Sets `key` to `value`.
  void set(llvm::StringRef key, std::string value) {
    scalars[key.str()] = std::move(value);
  }
  /// Appends an item to the list `key` (creating it) and returns it.
  TemplateValues &addItem(llvm::StringRef key) {
    auto &list = lists[key.str()];
    list.emplace_back();
    return list.back();
  }
  /// Makes the list `key` exist (possibly empty).
  void declareList(llvm::StringRef key) { lists[key.str()]; }

  std::map<std::string, std::string> scalars;
  std::map<std::string, std::vector<TemplateValues>> lists;
};

/// Fills `text` (named `name` in errors) with `values`.
llvm::Expected<std::string> renderTemplate(llvm::StringRef name,
                                           llvm::StringRef text,
                                           const TemplateValues &values);

} // namespace tkc::launcher

#endif // TKC_LAUNCHER_GEN_TEMPLATE_H
