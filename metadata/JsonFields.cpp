//===- JsonFields.cpp - Typed field access to JSON files with paths -------===//
//
// Implements JsonFieldReader: loading a file, typed getters for required and
// optional fields, the check for unknown keys, and the one error format.
//
//===----------------------------------------------------------------------===//

#include "metadata/JsonFields.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <vector>

using namespace tkc::metadata;
using llvm::StringRef;
namespace json = llvm::json;

std::string tkc::metadata::joinPath(StringRef where, StringRef key) {
  return where.empty() ? key.str() : (where + "." + key).str();
}

std::string tkc::metadata::describeJson(const json::Value &value) {
  switch (value.kind()) {
  case json::Value::Null:
    return "null";
  case json::Value::Boolean:
    return *value.getAsBoolean() ? "true" : "false";
  case json::Value::Number:
    return "a number";
  case json::Value::String:
    return "\"" + value.getAsString()->str() + "\"";
  case json::Value::Array:
    return "an array";
  case json::Value::Object:
    return "an object";
  }
  return "a value";
}

llvm::Expected<json::Value> JsonFieldReader::load() const {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return fail("", "cannot read: " + buffer.getError().message());
  llvm::Expected<json::Value> parsed = json::parse((*buffer)->getBuffer());
  if (!parsed)
    return fail("", "not valid JSON: " + llvm::toString(parsed.takeError()));
  return parsed;
}

llvm::Error JsonFieldReader::fail(const llvm::Twine &where,
                                  const llvm::Twine &what) const {
  std::string place = where.str();
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      path + ": " + (place.empty() ? "" : place + ": ") + what.str());
}

llvm::Error JsonFieldReader::expected(const llvm::Twine &where, StringRef what,
                                      const json::Value &got) const {
  return fail(where, "expected " + what + ", got " + describeJson(got));
}

llvm::Error
JsonFieldReader::checkKeys(const json::Object &object, StringRef where,
                           llvm::ArrayRef<StringRef> allowed) const {
  std::vector<std::string> keys;
  for (const auto &kv : object)
    keys.push_back(kv.first.str());
  llvm::sort(keys); // Deterministic: the first unknown key in order.
  for (const std::string &key : keys)
    if (!llvm::is_contained(allowed, StringRef(key)))
      return fail(joinPath(where, key), "unknown field (expected one of: " +
                                            llvm::join(allowed, ", ") + ")");
  return llvm::Error::success();
}

llvm::Error JsonFieldReader::getString(const json::Object &object,
                                       StringRef where, StringRef key,
                                       std::string &out, bool required) const {
  const json::Value *value = object.get(key);
  if (!value)
    return required ? fail(joinPath(where, key), "missing (expected a string)")
                    : llvm::Error::success();
  std::optional<StringRef> text = value->getAsString();
  if (!text)
    return expected(joinPath(where, key), "a string", *value);
  out = text->str();
  return llvm::Error::success();
}

llvm::Error JsonFieldReader::getInteger(const json::Object &object,
                                        StringRef where, StringRef key,
                                        int64_t &out, bool required) const {
  const json::Value *value = object.get(key);
  if (!value)
    return required
               ? fail(joinPath(where, key), "missing (expected an integer)")
               : llvm::Error::success();
  std::optional<int64_t> number = value->getAsInteger();
  if (!number)
    return expected(joinPath(where, key), "an integer", *value);
  out = *number;
  return llvm::Error::success();
}

llvm::Error JsonFieldReader::getBool(const json::Object &object,
                                     StringRef where, StringRef key, bool &out,
                                     bool required) const {
  const json::Value *value = object.get(key);
  if (!value)
    return required
               ? fail(joinPath(where, key), "missing (expected true or false)")
               : llvm::Error::success();
  std::optional<bool> flag = value->getAsBoolean();
  if (!flag)
    return expected(joinPath(where, key), "true or false", *value);
  out = *flag;
  return llvm::Error::success();
}

llvm::Expected<const json::Array *>
JsonFieldReader::getArray(const json::Object &object, StringRef where,
                          StringRef key, bool required) const {
  const json::Value *value = object.get(key);
  if (!value) {
    if (required)
      return fail(joinPath(where, key), "missing (expected an array)");
    return nullptr;
  }
  const json::Array *array = value->getAsArray();
  if (!array)
    return expected(joinPath(where, key), "an array", *value);
  return array;
}

llvm::Expected<const json::Object *>
JsonFieldReader::getObject(const json::Object &object, StringRef where,
                           StringRef key, bool required) const {
  const json::Value *value = object.get(key);
  if (!value) {
    if (required)
      return fail(joinPath(where, key), "missing (expected an object)");
    return nullptr;
  }
  const json::Object *result = value->getAsObject();
  if (!result)
    return expected(joinPath(where, key), "an object", *value);
  return result;
}
