//===- Manifest.cpp - Reading a kernel's manifest (docs/manifest.md) ------===//
//
// Parses the manifest with llvm::json and checks it field by field against
// docs/manifest.md: types, required fields, unknown fields (typos), unique
// names, and the tuned table (inline or in `tuned_file`). Each error reads
// "FILE: JSON.PATH: what was expected".
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/Manifest.h"

#include "launcher_gen/Metadata.h"
#include "metadata/JsonFields.h"
#include "metadata/TargetName.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace tkc::launcher;
using llvm::StringRef;
namespace json = llvm::json;
namespace metadata = tkc::metadata;

namespace {

/// Reads one manifest (or tuned file), remembering its path for messages.
class ManifestReader : public metadata::JsonFieldReader {
public:
  using JsonFieldReader::JsonFieldReader;

  llvm::Expected<Manifest> read();

  /// Reads a tuned table (an array) at `where`.
  llvm::Error readTuned(const json::Value &table, StringRef where,
                        std::vector<TunedEntry> &out) const;

private:
  llvm::Error readConfigs(const json::Object &root, Manifest &manifest) const;
  llvm::Error readKey(const json::Object &root, Manifest &manifest) const;
  llvm::Error readRestore(const json::Object &root, Manifest &manifest) const;
  llvm::Error readHeuristics(const json::Object &root,
                             Manifest &manifest) const;
  llvm::Error readTargetsAndGrid(const json::Object &root,
                                 Manifest &manifest) const;
  llvm::Error readSpecializations(const json::Object &root) const;
};

/// A constexpr value as Triton source text, as the metadata records it.
std::optional<std::string> constexprText(const json::Value &value) {
  if (std::optional<int64_t> number = value.getAsInteger())
    return std::to_string(*number);
  if (std::optional<bool> flag = value.getAsBoolean())
    return std::string(*flag ? "True" : "False");
  if (std::optional<StringRef> text = value.getAsString())
    return text->str();
  return std::nullopt;
}

llvm::Error ManifestReader::readConfigs(const json::Object &root,
                                        Manifest &manifest) const {
  auto array = getArray(root, "", "configs");
  if (!array)
    return array.takeError();
  if ((*array)->empty())
    return fail("configs", "expected at least one config");
  llvm::StringSet<> names;
  for (size_t i = 0; i < (*array)->size(); ++i) {
    std::string where = "configs[" + std::to_string(i) + "]";
    const json::Object *object = (**array)[i].getAsObject();
    if (!object)
      return expected(where, "an object", (**array)[i]);
    if (llvm::Error error =
            checkKeys(*object, where,
                      {"name", "constexprs", "num_warps", "num_stages",
                       "max_blocks_per_sm", "maxnreg", "targets"}))
      return error;
    ManifestConfig config;
    config.where = where;
    if (llvm::Error error = getString(*object, where, "name", config.name))
      return error;
    if (!isCIdentifier(config.name))
      return fail(where + ".name",
                  "expected a C identifier, got \"" + config.name + "\"");
    if (!names.insert(config.name).second)
      return fail(where + ".name",
                  "\"" + config.name + "\" names an earlier config too");
    if (const json::Value *value = object->get("constexprs")) {
      const json::Object *constexprs = value->getAsObject();
      if (!constexprs)
        return expected(where + ".constexprs", "an object", *value);
      for (const auto &kv : *constexprs) {
        std::optional<std::string> text = constexprText(kv.second);
        if (!text)
          return expected(where + ".constexprs." + kv.first.str(),
                          "an integer, boolean or string", kv.second);
        config.constexprs.emplace_back(kv.first.str(), *text);
      }
      llvm::sort(config.constexprs);
    }
    if (llvm::Error error = getInteger(*object, where, "num_warps",
                                       config.numWarps, /*required=*/false))
      return error;
    if (llvm::Error error = getInteger(*object, where, "num_stages",
                                       config.numStages, /*required=*/false))
      return error;
    if (config.numWarps < 1 || config.numWarps > 32 ||
        (config.numWarps & (config.numWarps - 1)))
      return fail(where + ".num_warps",
                  "expected a power of two from 1 to 32, got " +
                      std::to_string(config.numWarps));
    if (config.numStages < 1)
      return fail(where + ".num_stages", "expected a positive integer, got " +
                                             std::to_string(config.numStages));
    if (llvm::Error error =
            getInteger(*object, where, "max_blocks_per_sm",
                       config.maxBlocksPerSm, /*required=*/false))
      return error;
    if (config.maxBlocksPerSm < 0 || config.maxBlocksPerSm > 1024)
      return fail(where + ".max_blocks_per_sm",
                  "expected an integer from 0 (no cap) to 1024, got " +
                      std::to_string(config.maxBlocksPerSm));
    if (llvm::Error error = getInteger(*object, where, "maxnreg",
                                       config.maxRegisters, /*required=*/false))
      return error;
    if (config.maxRegisters < 0 || config.maxRegisters > 255)
      return fail(where + ".maxnreg",
                  "expected an integer from 0 (no cap) to 255, got " +
                      std::to_string(config.maxRegisters));
    if (auto targets = getArray(*object, where, "targets", false); !targets)
      return targets.takeError();
    for (const ManifestConfig &other : manifest.configs)
      if (other.constexprs == config.constexprs &&
          other.numWarps == config.numWarps &&
          other.numStages == config.numStages &&
          other.maxBlocksPerSm == config.maxBlocksPerSm &&
          other.maxRegisters == config.maxRegisters)
        return fail(where, "same constexprs, num_warps, num_stages, "
                           "max_blocks_per_sm and maxnreg as " +
                               other.where + " (\"" + other.name + "\")");
    manifest.configs.push_back(std::move(config));
  }
  return llvm::Error::success();
}

llvm::Error ManifestReader::readKey(const json::Object &root,
                                    Manifest &manifest) const {
  auto key = getArray(root, "", "key", /*required=*/false);
  if (!key)
    return key.takeError();
  if (*key)
    for (size_t i = 0; i < (*key)->size(); ++i) {
      std::optional<StringRef> name = (**key)[i].getAsString();
      std::string where = "key[" + std::to_string(i) + "]";
      if (!name)
        return expected(where, "a parameter name", (**key)[i]);
      if (llvm::is_contained(manifest.key, *name))
        return fail(where, "'" + *name + "' is listed twice");
      manifest.key.push_back(name->str());
    }
  const json::Value *value = root.get("buckets");
  if (!value)
    return llvm::Error::success();
  const json::Object *buckets = value->getAsObject();
  if (!buckets)
    return expected("buckets", "an object", *value);
  for (const auto &kv : *buckets) {
    std::string where = "buckets." + kv.first.str();
    if (!llvm::is_contained(manifest.key, kv.first.str()))
      return fail(where, "'" + kv.first.str() + "' is not in key [" +
                             llvm::join(manifest.key, ", ") + "]");
    Bucketing bucketing;
    if (std::optional<StringRef> kind = kv.second.getAsString()) {
      if (*kind == "pow2")
        bucketing.kind = Bucketing::Kind::Pow2;
      else if (*kind == "exact")
        bucketing.kind = Bucketing::Kind::Exact;
      else
        return expected(where, "\"pow2\", \"exact\" or a list of bounds",
                        kv.second);
    } else if (const json::Array *bounds = kv.second.getAsArray()) {
      bucketing.kind = Bucketing::Kind::Bounds;
      for (const json::Value &bound : *bounds) {
        std::optional<int64_t> number = bound.getAsInteger();
        if (!number)
          return expected(where, "a list of integers", bound);
        if (!bucketing.bounds.empty() && *number <= bucketing.bounds.back())
          return fail(where, "expected increasing bounds");
        bucketing.bounds.push_back(*number);
      }
      if (bucketing.bounds.empty())
        return fail(where, "expected at least one bound");
    } else {
      return expected(where, "\"pow2\", \"exact\" or a list of bounds",
                      kv.second);
    }
    manifest.buckets[kv.first.str()] = std::move(bucketing);
  }
  return llvm::Error::success();
}

llvm::Error ManifestReader::readRestore(const json::Object &root,
                                        Manifest &manifest) const {
  auto restore = getArray(root, "", "restore", /*required=*/false);
  if (!restore)
    return restore.takeError();
  if (!*restore)
    return llvm::Error::success();
  for (size_t i = 0; i < (*restore)->size(); ++i) {
    std::string where = "restore[" + std::to_string(i) + "]";
    const json::Object *object = (**restore)[i].getAsObject();
    if (!object)
      return expected(where, "an object", (**restore)[i]);
    if (llvm::Error error = checkKeys(*object, where, {"param", "bytes"}))
      return error;
    RestoreBuffer buffer;
    buffer.where = where;
    if (llvm::Error error = getString(*object, where, "param", buffer.param))
      return error;
    if (llvm::Error error = getString(*object, where, "bytes", buffer.bytes))
      return error;
    manifest.restore.push_back(std::move(buffer));
  }
  return llvm::Error::success();
}

llvm::Error ManifestReader::readHeuristics(const json::Object &root,
                                           Manifest &manifest) const {
  auto heuristics = getArray(root, "", "heuristics", /*required=*/false);
  if (!heuristics)
    return heuristics.takeError();
  if (!*heuristics)
    return llvm::Error::success();
  for (size_t i = 0; i < (*heuristics)->size(); ++i) {
    std::string where = "heuristics[" + std::to_string(i) + "]";
    const json::Object *object = (**heuristics)[i].getAsObject();
    if (!object)
      return expected(where, "an object", (**heuristics)[i]);
    if (llvm::Error error = checkKeys(
            *object, where, {"constexpr", "expr", "values", "origin"}))
      return error;
    ManifestHeuristic heuristic;
    heuristic.where = where;
    if (llvm::Error error =
            getString(*object, where, "constexpr", heuristic.constexprName))
      return error;
    if (!isCIdentifier(heuristic.constexprName))
      return fail(where + ".constexpr", "expected a constexpr's name, got \"" +
                                            heuristic.constexprName + "\"");
    for (const ManifestHeuristic &other : manifest.heuristics)
      if (other.constexprName == heuristic.constexprName)
        return fail(where + ".constexpr", "'" + heuristic.constexprName +
                                              "' is computed by " +
                                              other.where + " too");
    for (const ManifestConfig &config : manifest.configs)
      for (const auto &kv : config.constexprs)
        if (kv.first == heuristic.constexprName)
          return fail(where + ".constexpr",
                      "'" + kv.first + "' is set by " + config.where + " (\"" +
                          config.name +
                          "\"); a constexpr comes from a config or from a "
                          "heuristic, not both");
    if (llvm::Error error = getString(*object, where, "expr", heuristic.expr))
      return error;
    if (object->get("origin"))
      if (llvm::Error error =
              getString(*object, where, "origin", heuristic.origin))
        return error;
    auto values = getArray(*object, where, "values", /*required=*/false);
    if (!values)
      return values.takeError();
    if (*values) {
      for (const json::Value &value : **values) {
        std::optional<int64_t> number = value.getAsInteger();
        if (std::optional<bool> flag = value.getAsBoolean())
          number = *flag;
        if (!number)
          return expected(where + ".values", "a list of integers or booleans",
                          value);
        if (llvm::is_contained(heuristic.values, *number))
          return fail(where + ".values",
                      "the value " + std::to_string(*number) +
                          " is listed twice (True is 1, False is 0)");
        heuristic.values.push_back(*number);
      }
      if (heuristic.values.empty())
        return fail(where + ".values", "expected at least one value");
    }
    manifest.heuristics.push_back(std::move(heuristic));
  }
  return llvm::Error::success();
}

llvm::Error ManifestReader::readTargetsAndGrid(const json::Object &root,
                                               Manifest &manifest) const {
  auto targets = getArray(root, "", "targets");
  if (!targets)
    return targets.takeError();
  for (size_t i = 0; i < (*targets)->size(); ++i) {
    std::optional<StringRef> target = (**targets)[i].getAsString();
    std::string where = "targets[" + std::to_string(i) + "]";
    if (!target)
      return expected(where, "a target string", (**targets)[i]);
    if (llvm::Expected<metadata::TargetName> name =
            metadata::parseTargetName(*target);
        !name)
      return fail(where, "'" + *target + "' is not a target: " +
                             llvm::toString(name.takeError()));
    manifest.targets.push_back(target->str());
  }
  const json::Value *grid = root.get("grid");
  if (!grid)
    return fail("grid", "missing (expected a string or a list of strings)");
  if (std::optional<StringRef> text = grid->getAsString()) {
    manifest.grid = text->str();
  } else if (const json::Array *dims = grid->getAsArray()) {
    std::vector<std::string> parts;
    for (const json::Value &dim : *dims) {
      std::optional<StringRef> text = dim.getAsString();
      if (!text)
        return expected("grid", "a list of expression strings", dim);
      parts.push_back(text->str());
    }
    if (parts.empty() || parts.size() > 3)
      return fail("grid", "expected 1 to 3 expressions");
    manifest.grid = llvm::join(parts, ", ");
  } else {
    return expected("grid", "a string or a list of strings", *grid);
  }
  return llvm::Error::success();
}

llvm::Error
ManifestReader::readSpecializations(const json::Object &root) const {
  auto specs = getArray(root, "", "specializations");
  if (!specs)
    return specs.takeError();
  if ((*specs)->empty())
    return fail("specializations", "expected at least one specialization");
  llvm::StringSet<> names;
  for (size_t i = 0; i < (*specs)->size(); ++i) {
    std::string where = "specializations[" + std::to_string(i) + "]";
    const json::Object *object = (**specs)[i].getAsObject();
    if (!object)
      return expected(where, "an object", (**specs)[i]);
    if (llvm::Error error = checkKeys(*object, where, {"name", "signature"}))
      return error;
    std::string name, signature;
    if (llvm::Error error = getString(*object, where, "name", name))
      return error;
    if (llvm::Error error = getString(*object, where, "signature", signature))
      return error;
    if (!isCIdentifier(name))
      return fail(where + ".name",
                  "expected a C identifier, got \"" + name + "\"");
    if (!names.insert(name).second)
      return fail(where + ".name", "\"" + name + "\" is used twice");
  }
  return llvm::Error::success();
}

llvm::Error ManifestReader::readTuned(const json::Value &table, StringRef where,
                                      std::vector<TunedEntry> &out) const {
  const json::Array *entries = table.getAsArray();
  if (!entries)
    return expected(where, "an array of entries", table);
  for (size_t i = 0; i < entries->size(); ++i) {
    std::string at = (where + "[" + llvm::Twine(i) + "]").str();
    const json::Object *object = (*entries)[i].getAsObject();
    if (!object)
      return expected(at, "an object", (*entries)[i]);
    if (llvm::Error error = checkKeys(
            *object, at, {"kernel", "arch", "key", "config", "time_us"}))
      return error;
    TunedEntry entry;
    entry.where = at;
    if (llvm::Error error = getString(*object, at, "kernel", entry.kernel))
      return error;
    if (llvm::Error error = getString(*object, at, "arch", entry.arch))
      return error;
    if (llvm::Error error = getString(*object, at, "config", entry.config))
      return error;
    const json::Value *key = object->get("key");
    if (!key)
      return fail(at + ".key", "missing (expected an object)");
    const json::Object *keyObject = key->getAsObject();
    if (!keyObject)
      return expected(at + ".key", "an object", *key);
    for (const auto &kv : *keyObject) {
      std::optional<int64_t> bucket = kv.second.getAsInteger();
      if (!bucket)
        return expected(at + ".key." + kv.first.str(), "an integer", kv.second);
      entry.key[kv.first.str()] = *bucket;
    }
    if (const json::Value *time = object->get("time_us");
        time && !time->getAsNumber())
      return expected(at + ".time_us", "a number", *time);
    out.push_back(std::move(entry));
  }
  return llvm::Error::success();
}

llvm::Expected<Manifest> ManifestReader::read() {
  llvm::Expected<json::Value> value = load();
  if (!value)
    return value.takeError();
  const json::Object *root = value->getAsObject();
  if (!root)
    return fail("", "expected a JSON object");
  if (llvm::Error error =
          checkKeys(*root, "",
                    {"schema_version", "kernel", "src", "specializations",
                     "grid", "configs", "key", "buckets", "targets", "restore",
                     "heuristics", "autotune", "tuned", "tuned_file"}))
    return std::move(error);
  Manifest manifest;
  manifest.path = file().str();
  int64_t version = 0;
  if (llvm::Error error = getInteger(*root, "", "schema_version", version))
    return std::move(error);
  if (version != 1)
    return fail("schema_version", "expected 1, got " + std::to_string(version));
  std::string src;
  if (llvm::Error error = getString(*root, "", "kernel", manifest.kernel))
    return std::move(error);
  if (llvm::Error error = getString(*root, "", "src", src))
    return std::move(error);
  if (llvm::Error error = readSpecializations(*root))
    return std::move(error);
  if (llvm::Error error = readTargetsAndGrid(*root, manifest))
    return std::move(error);
  if (llvm::Error error = readConfigs(*root, manifest))
    return std::move(error);
  if (llvm::Error error = readKey(*root, manifest))
    return std::move(error);
  if (llvm::Error error = readRestore(*root, manifest))
    return std::move(error);
  if (llvm::Error error = readHeuristics(*root, manifest))
    return std::move(error);
  if (const json::Value *autotune = root->get("autotune")) {
    std::optional<bool> flag = autotune->getAsBoolean();
    if (!flag)
      return expected("autotune", "true or false", *autotune);
    manifest.autotune = *flag;
  }
  const json::Value *tuned = root->get("tuned");
  const json::Value *tunedFile = root->get("tuned_file");
  if (tuned && tunedFile)
    return fail("tuned_file", "give either tuned or tuned_file, not both");
  if (tuned)
    if (llvm::Error error = readTuned(*tuned, "tuned", manifest.tuned))
      return std::move(error);
  if (tunedFile) {
    std::optional<StringRef> name = tunedFile->getAsString();
    if (!name)
      return expected("tuned_file", "a file name", *tunedFile);
    llvm::SmallString<256> tunedPath(llvm::sys::path::parent_path(file()));
    llvm::sys::path::append(tunedPath, *name);
    ManifestReader fileReader(tunedPath);
    llvm::Expected<json::Value> table = fileReader.load();
    if (!table)
      return fail("tuned_file", llvm::toString(table.takeError()));
    const json::Object *object = table->getAsObject();
    if (!object)
      return fileReader.expected("", "an object {\"tuned\": [...]}", *table);
    if (llvm::Error error = fileReader.checkKeys(*object, "", {"tuned"}))
      return std::move(error);
    const json::Value *entries = object->get("tuned");
    if (!entries)
      return fileReader.fail("tuned", "missing (expected an array)");
    size_t first = manifest.tuned.size();
    if (llvm::Error error =
            fileReader.readTuned(*entries, "tuned", manifest.tuned))
      return std::move(error);
    for (size_t i = first; i < manifest.tuned.size(); ++i)
      manifest.tuned[i].where = "tuned_file " + tunedPath.str().str() + ": " +
                                manifest.tuned[i].where;
  }
  return manifest;
}

} // namespace

llvm::Expected<Manifest> tkc::launcher::readManifest(StringRef path) {
  return ManifestReader(path).read();
}
