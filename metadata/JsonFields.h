//===- JsonFields.h - Typed field access to JSON files with paths -*- C++
//-*-===//
//
// Reads the fields of a JSON document (a manifest, a metadata file) with
// llvm::json, and words every failure the same way: "FILE: JSON.PATH: what
// was expected, got what". Both the manifest reader and the metadata reader
// use it, so a user sees one style of error for both files.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_METADATA_JSONFIELDS_H
#define TKC_METADATA_JSONFIELDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>

namespace tkc::metadata {

/// `where.key`, or `key` at the root (where == "").
std::string joinPath(llvm::StringRef where, llvm::StringRef key);

/// What a JSON value is, for "expected X, got Y": `"text"`, `a number`, ...
std::string describeJson(const llvm::json::Value &value);

/// Field access for one JSON file; every error starts with the file's path.
class JsonFieldReader {
public:
  explicit JsonFieldReader(llvm::StringRef path) : path(path.str()) {}

  /// The file as named by the caller.
  llvm::StringRef file() const { return path; }

  /// Reads and parses the file.
  llvm::Expected<llvm::json::Value> load() const;

  /// "FILE: WHERE: WHAT" (or "FILE: WHAT" when `where` is empty).
  llvm::Error fail(const llvm::Twine &where, const llvm::Twine &what) const;
  /// "FILE: WHERE: expected WHAT, got <got>".
  llvm::Error expected(const llvm::Twine &where, llvm::StringRef what,
                       const llvm::json::Value &got) const;

  /// Rejects the keys of `object` that are not in `allowed`, naming the
  /// first unknown key in sorted order.
  llvm::Error checkKeys(const llvm::json::Object &object, llvm::StringRef where,
                        llvm::ArrayRef<llvm::StringRef> allowed) const;

  /// Reads `object[key]` into `out`. A missing key is an error when
  /// `required`, and leaves `out` unchanged otherwise.
  llvm::Error getString(const llvm::json::Object &object, llvm::StringRef where,
                        llvm::StringRef key, std::string &out,
                        bool required = true) const;
  llvm::Error getInteger(const llvm::json::Object &object,
                         llvm::StringRef where, llvm::StringRef key,
                         int64_t &out, bool required = true) const;
  llvm::Error getBool(const llvm::json::Object &object, llvm::StringRef where,
                      llvm::StringRef key, bool &out,
                      bool required = true) const;
  /// `object[key]` as an array or object; null when absent and not required.
  llvm::Expected<const llvm::json::Array *>
  getArray(const llvm::json::Object &object, llvm::StringRef where,
           llvm::StringRef key, bool required = true) const;
  llvm::Expected<const llvm::json::Object *>
  getObject(const llvm::json::Object &object, llvm::StringRef where,
            llvm::StringRef key, bool required = true) const;

private:
  std::string path;
};

} // namespace tkc::metadata

#endif // TKC_METADATA_JSONFIELDS_H
