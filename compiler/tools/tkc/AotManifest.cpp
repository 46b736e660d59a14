//===- AotManifest.cpp - A manifest that completes a kernel's decorators --===//
//
// Reads a `"decorators": true` manifest (docs/manifest.md, "A manifest beside
// the decorators"), merges the values it gives with the command line's, and
// applies it to the plan `tkc aot` made from the decorators: each config it
// names is matched to a decorator config by constexprs (and num_warps,
// num_stages where given), and what both say is checked to agree.
//
//===----------------------------------------------------------------------===//

#include "compiler/tools/tkc/AotManifest.h"

#include "compiler/Target/TargetSpec.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace tkc::aot;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace {

/// Builds errors that read `PATH: WHERE: WHAT`.
struct Errors {
  std::string path;
  llvm::Error at(const llvm::Twine &where, const llvm::Twine &what) const {
    return llvm::createStringError(path + ": " + where + ": " + what);
  }
  /// `expected X, got V`.
  llvm::Error expected(const llvm::Twine &where, const llvm::Twine &what,
                       const Value &got) const {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << got;
    return at(where, "expected " + what + ", got " + text);
  }
};

/// True if `s` is a C identifier.
bool isIdentifier(llvm::StringRef s) {
  return !s.empty() && (llvm::isAlpha(s[0]) || s[0] == '_') &&
         llvm::all_of(s, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// A constexpr or heuristic value as Python text, or empty if it is not an
/// integer, boolean or string.
std::string pythonText(const Value &v) {
  if (auto b = v.getAsBoolean())
    return *b ? "True" : "False";
  if (auto i = v.getAsInteger())
    return std::to_string(*i);
  if (auto s = v.getAsString())
    return "'" + s->str() + "'";
  return "";
}

/// Reads a list of strings at `where`.
llvm::Expected<std::vector<std::string>>
stringList(const Errors &errors, const llvm::Twine &where, const Value &v) {
  const Array *list = v.getAsArray();
  if (!list)
    return errors.expected(where, "a list of strings", v);
  std::vector<std::string> result;
  for (size_t i = 0; i < list->size(); ++i) {
    auto s = (*list)[i].getAsString();
    if (!s)
      return errors.expected(where + "[" + llvm::Twine(i) + "]", "a string",
                             (*list)[i]);
    result.push_back(s->str());
  }
  return result;
}

/// Checks that `obj` has only `allowed` fields and every `required` one.
llvm::Error checkFields(const Errors &errors, const std::string &where,
                        const Object &obj,
                        llvm::ArrayRef<llvm::StringRef> allowed,
                        llvm::ArrayRef<llvm::StringRef> required) {
  std::string prefix = where.empty() ? "" : where + ".";
  for (const auto &kv : obj)
    if (!llvm::is_contained(allowed, kv.first.str()))
      return errors.at(prefix + kv.first.str(),
                       "unknown field; a manifest beside the decorators "
                       "takes " +
                           llvm::join(allowed, ", "));
  for (llvm::StringRef field : required)
    if (!obj.get(field))
      return errors.at(prefix + field, "required field is missing");
  return llvm::Error::success();
}

/// Whitespace-free text, to compare expressions and grids.
std::string squeeze(llvm::StringRef s) {
  std::string result;
  for (char c : s)
    if (!llvm::isSpace(c))
      result += c;
  return result;
}

/// `{BLOCK: 64, EVEN: True}`.
std::string showConstexprs(
    const std::vector<std::pair<std::string, std::string>> &constexprs) {
  std::vector<std::string> parts;
  for (const auto &[name, value] : constexprs)
    parts.push_back(name + ": " + value);
  return "{" + llvm::join(parts, ", ") + "}";
}

/// True if the two constexpr lists hold the same names and values.
bool sameConstexprs(const std::vector<std::pair<std::string, std::string>> &a,
                    const std::vector<std::pair<std::string, std::string>> &b) {
  return a.size() == b.size() && llvm::all_of(a, [&](const auto &kv) {
           return llvm::is_contained(b, kv);
         });
}

/// The `--heuristic-values` / `--restore` value `NAME=...` for `name`, if
/// any.
std::string *findOption(std::vector<std::string> &options,
                        llvm::StringRef name) {
  for (std::string &option : options)
    if (llvm::StringRef(option).split('=').first.trim() == name)
      return &option;
  return nullptr;
}

} // namespace

llvm::Expected<DecoratorManifest>
tkc::aot::readDecoratorManifest(llvm::StringRef path) {
  Errors errors{path.str()};
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return llvm::createStringError(
        path + ": cannot read: " + buffer.getError().message());
  auto parsed = llvm::json::parse((*buffer)->getBuffer());
  if (!parsed)
    return llvm::createStringError(path + ": " +
                                   llvm::toString(parsed.takeError()));
  const Object *top = parsed->getAsObject();
  if (!top)
    return errors.expected("(top level)", "an object", *parsed);
  if (auto error = checkFields(
          errors, "", *top,
          {"schema_version", "decorators", "kernel", "src", "specializations",
           "grid", "targets", "configs", "key", "buckets", "restore",
           "heuristics", "autotune", "tuned", "tuned_file"},
          {"schema_version", "decorators", "kernel", "src"}))
    return std::move(error);

  DecoratorManifest m;
  m.path = path.str();
  if (top->getInteger("schema_version") != 1)
    return errors.expected("schema_version", "1", *top->get("schema_version"));
  if (top->getBoolean("decorators") != true)
    return errors.expected("decorators",
                           "true (a manifest without it lists its own "
                           "configs: tkc-launcher-gen --manifest)",
                           *top->get("decorators"));
  auto kernel = top->getString("kernel");
  if (!kernel || !isIdentifier(*kernel))
    return errors.expected("kernel", "a function name", *top->get("kernel"));
  m.kernel = kernel->str();
  auto src = top->getString("src");
  if (!src || !src->ends_with(".py"))
    return errors.expected("src", "a .py file beside the manifest",
                           *top->get("src"));
  m.src = src->str();

  if (const Value *v = top->get("specializations")) {
    const Array *list = v->getAsArray();
    if (!list || list->empty())
      return errors.expected("specializations", "a non-empty list", *v);
    for (size_t i = 0; i < list->size(); ++i) {
      std::string where = "specializations[" + std::to_string(i) + "]";
      const Object *s = (*list)[i].getAsObject();
      if (!s)
        return errors.expected(where, "an object", (*list)[i]);
      if (auto error = checkFields(errors, where, *s, {"name", "signature"},
                                   {"name", "signature"}))
        return std::move(error);
      auto name = s->getString("name");
      auto signature = s->getString("signature");
      if (!name || !isIdentifier(*name) ||
          llvm::any_of(m.specializations,
                       [&](const auto &o) { return o.first == *name; }))
        return errors.expected(where + ".name", "a new C identifier",
                               *s->get("name"));
      if (!signature)
        return errors.expected(where + ".signature", "a string",
                               *s->get("signature"));
      m.specializations.emplace_back(name->str(), signature->str());
    }
  }
  if (const Value *v = top->get("grid")) {
    if (auto s = v->getAsString()) {
      m.grid = s->str();
    } else {
      auto list = stringList(errors, "grid", *v);
      if (!list)
        return list.takeError();
      m.grid = llvm::join(*list, ", ");
    }
  }
  if (const Value *v = top->get("targets")) {
    auto list = stringList(errors, "targets", *v);
    if (!list)
      return list.takeError();
    m.targets = std::move(*list);
  }
  if (const Value *v = top->get("configs")) {
    const Array *list = v->getAsArray();
    if (!list)
      return errors.expected("configs", "a list of objects", *v);
    for (size_t i = 0; i < list->size(); ++i) {
      std::string where = "configs[" + std::to_string(i) + "]";
      const Object *c = (*list)[i].getAsObject();
      if (!c)
        return errors.expected(where, "an object", (*list)[i]);
      if (auto error = checkFields(
              errors, where, *c,
              {"name", "constexprs", "num_warps", "num_stages", "targets"},
              {"name"}))
        return std::move(error);
      DecoratorManifest::Config config;
      auto name = c->getString("name");
      if (!name || !isIdentifier(*name) ||
          llvm::any_of(m.configs,
                       [&](const auto &o) { return o.name == *name; }))
        return errors.expected(where + ".name", "a new C identifier",
                               *c->get("name"));
      config.name = name->str();
      if (const Value *cv = c->get("constexprs")) {
        const Object *obj = cv->getAsObject();
        if (!obj)
          return errors.expected(where + ".constexprs", "an object", *cv);
        std::vector<std::string> names;
        for (const auto &kv : *obj)
          names.push_back(kv.first.str());
        llvm::sort(names); // json::Object does not keep the file's order.
        for (const std::string &n : names) {
          std::string text = pythonText(*obj->get(n));
          if (text.empty())
            return errors.expected(where + ".constexprs." + n,
                                   "an integer, boolean or string",
                                   *obj->get(n));
          config.constexprs.emplace_back(n, text);
        }
      }
      for (auto [field, slot] : {std::pair{"num_warps", &config.numWarps},
                                 std::pair{"num_stages", &config.numStages}}) {
        if (const Value *fv = c->get(field)) {
          auto n = fv->getAsInteger();
          if (!n || *n < 1 || *n > 64)
            return errors.expected(where + "." + field, "a positive integer",
                                   *fv);
          *slot = static_cast<unsigned>(*n);
        }
      }
      if (const Value *tv = c->get("targets")) {
        auto list = stringList(errors, where + ".targets", *tv);
        if (!list)
          return list.takeError();
        if (list->empty())
          return errors.expected(where + ".targets", "a non-empty list", *tv);
        config.targets = std::move(*list);
      }
      m.configs.push_back(std::move(config));
    }
  }
  if (const Value *v = top->get("key")) {
    auto list = stringList(errors, "key", *v);
    if (!list)
      return list.takeError();
    m.key = std::move(*list);
  }
  if (const Value *v = top->get("buckets")) {
    if (!v->getAsObject())
      return errors.expected("buckets", "an object", *v);
    m.buckets = *v->getAsObject();
  }
  if (const Value *v = top->get("restore")) {
    const Array *list = v->getAsArray();
    if (!list)
      return errors.expected("restore", "a list of objects", *v);
    for (size_t i = 0; i < list->size(); ++i) {
      std::string where = "restore[" + std::to_string(i) + "]";
      const Object *r = (*list)[i].getAsObject();
      if (!r)
        return errors.expected(where, "an object", (*list)[i]);
      if (auto error = checkFields(errors, where, *r, {"param", "bytes"},
                                   {"param", "bytes"}))
        return std::move(error);
      auto param = r->getString("param");
      auto bytes = r->getString("bytes");
      if (!param || !isIdentifier(*param))
        return errors.expected(where + ".param", "a parameter name",
                               *r->get("param"));
      if (!bytes || bytes->trim().empty())
        return errors.expected(where + ".bytes", "an integer expression",
                               *r->get("bytes"));
      m.restore.push_back(param->str() + "=" + bytes->str());
    }
  }
  if (const Value *v = top->get("heuristics")) {
    const Array *list = v->getAsArray();
    if (!list)
      return errors.expected("heuristics", "a list of objects", *v);
    for (size_t i = 0; i < list->size(); ++i) {
      std::string where = "heuristics[" + std::to_string(i) + "]";
      const Object *h = (*list)[i].getAsObject();
      if (!h)
        return errors.expected(where, "an object", (*list)[i]);
      if (auto error =
              checkFields(errors, where, *h, {"constexpr", "expr", "values"},
                          {"constexpr"}))
        return std::move(error);
      DecoratorManifest::Heuristic heuristic;
      auto name = h->getString("constexpr");
      if (!name || !isIdentifier(*name))
        return errors.expected(where + ".constexpr", "a constexpr name",
                               *h->get("constexpr"));
      heuristic.constexprName = name->str();
      if (const Value *e = h->get("expr")) {
        if (!e->getAsString())
          return errors.expected(where + ".expr", "a string", *e);
        heuristic.expr = e->getAsString()->str();
      }
      if (const Value *values = h->get("values")) {
        const Array *vs = values->getAsArray();
        if (!vs || vs->empty())
          return errors.expected(where + ".values", "a non-empty list",
                                 *values);
        for (size_t j = 0; j < vs->size(); ++j) {
          const Value &value = (*vs)[j];
          if (!value.getAsBoolean() && !value.getAsInteger())
            return errors.expected(where + ".values[" + std::to_string(j) + "]",
                                   "an integer or boolean", value);
          heuristic.values.push_back(pythonText(value));
        }
      }
      m.heuristics.push_back(std::move(heuristic));
    }
  }
  if (const Value *v = top->get("autotune")) {
    if (!v->getAsBoolean())
      return errors.expected("autotune", "a boolean", *v);
    m.autotune = *v->getAsBoolean();
  }
  if (top->get("tuned") && top->get("tuned_file"))
    return errors.at("tuned_file",
                     "give either \"tuned\" or \"tuned_file\", not both");
  if (const Value *v = top->get("tuned")) {
    if (!v->getAsArray())
      return errors.expected("tuned", "a list of objects", *v);
    m.tuned = *v->getAsArray();
  }
  if (const Value *v = top->get("tuned_file")) {
    auto file = v->getAsString();
    if (!file || file->empty())
      return errors.expected("tuned_file", "a file beside the manifest", *v);
    llvm::SmallString<128> tunedPath(llvm::sys::path::parent_path(path));
    llvm::sys::path::append(tunedPath, *file);
    auto tunedBuffer = llvm::MemoryBuffer::getFile(tunedPath);
    if (!tunedBuffer)
      return errors.at("tuned_file", "cannot read " + tunedPath + ": " +
                                         tunedBuffer.getError().message());
    auto tuned = llvm::json::parse((*tunedBuffer)->getBuffer());
    if (!tuned)
      return errors.at("tuned_file",
                       tunedPath + ": " + llvm::toString(tuned.takeError()));
    const Object *obj = tuned->getAsObject();
    const Array *entries = obj ? obj->getArray("tuned") : nullptr;
    if (!entries)
      return errors.at("tuned_file",
                       tunedPath + ": expected {\"tuned\": [...]}");
    m.tuned = *entries;
  }
  return m;
}

llvm::Error tkc::aot::mergeOptions(const DecoratorManifest &manifest,
                                   std::vector<std::string> &restore,
                                   std::vector<std::string> &heuristicValues) {
  Errors errors{manifest.path};
  for (size_t i = 0; i < manifest.restore.size(); ++i) {
    const std::string &option = manifest.restore[i];
    auto [param, bytes] = llvm::StringRef(option).split('=');
    if (std::string *given = findOption(restore, param)) {
      if (squeeze(llvm::StringRef(*given).split('=').second) != squeeze(bytes))
        return errors.at("restore[" + llvm::Twine(i) + "]",
                         "'" + param + "' is " + bytes +
                             " bytes here but --restore " + *given +
                             " says otherwise; give it once, or the same");
      continue;
    }
    restore.push_back(option);
  }
  for (size_t i = 0; i < manifest.heuristics.size(); ++i) {
    const DecoratorManifest::Heuristic &h = manifest.heuristics[i];
    if (h.values.empty())
      continue;
    std::string option = h.constexprName + "=" + llvm::join(h.values, ",");
    if (std::string *given = findOption(heuristicValues, h.constexprName)) {
      if (squeeze(*given) != squeeze(option))
        return errors.at("heuristics[" + llvm::Twine(i) + "].values",
                         "[" + llvm::join(h.values, ", ") +
                             "], but --heuristic-values " + *given +
                             "; give them once, or the same");
      continue;
    }
    heuristicValues.push_back(option);
  }
  return llvm::Error::success();
}

llvm::Error tkc::aot::applyDecoratorManifest(const DecoratorManifest &manifest,
                                             llvm::StringRef signature,
                                             llvm::ArrayRef<std::string> archs,
                                             AutotunePlan &plan) {
  Errors errors{manifest.path};
  std::string autotuneAt =
      plan.autotuneOrigin.empty() ? "" : " (" + plan.autotuneOrigin + ")";

  // Configs: each names one decorator config.
  if (!manifest.configs.empty() && plan.autotuneOrigin.empty())
    return errors.at("configs", "the kernel has no @triton.autotune; a "
                                "manifest beside the decorators names "
                                "configs the decorators give");
  std::vector<int> namedBy(plan.configs.size(), -1);
  for (size_t i = 0; i < manifest.configs.size(); ++i) {
    const DecoratorManifest::Config &mc = manifest.configs[i];
    std::string where = "configs[" + std::to_string(i) + "]";
    std::vector<size_t> same;
    for (size_t c = 0; c < plan.configs.size(); ++c)
      if (sameConstexprs(mc.constexprs, plan.configs[c].constexprs))
        same.push_back(c);
    if (same.empty()) {
      std::vector<std::string> have;
      for (const AotConfig &c : plan.configs)
        have.push_back(showConstexprs(c.constexprs) +
                       " num_warps=" + std::to_string(c.numWarps) +
                       " num_stages=" + std::to_string(c.numStages) + " (" +
                       c.origin + ")");
      return errors.at(where + ".constexprs",
                       showConstexprs(mc.constexprs) +
                           " is not a config of @triton.autotune" + autotuneAt +
                           "; its configs set " + llvm::join(have, ", "));
    }
    std::vector<size_t> matches;
    for (size_t c : same)
      if ((!mc.numWarps || *mc.numWarps == plan.configs[c].numWarps) &&
          (!mc.numStages || *mc.numStages == plan.configs[c].numStages))
        matches.push_back(c);
    if (matches.empty()) {
      // The constexprs match: say which launch option differs.
      const AotConfig &c = plan.configs[same.front()];
      bool warps = mc.numWarps && *mc.numWarps != c.numWarps;
      return errors.at(
          where + (warps ? ".num_warps" : ".num_stages"),
          std::to_string(warps ? *mc.numWarps : *mc.numStages) +
              ", but the decorator's config with these constexprs (" +
              c.origin + ") has " + (warps ? "num_warps=" : "num_stages=") +
              std::to_string(warps ? c.numWarps : c.numStages) +
              (same.size() > 1 ? " (and " + std::to_string(same.size() - 1) +
                                     " more differ)"
                               : ""));
    }
    if (matches.size() > 1) {
      std::vector<std::string> origins;
      for (size_t c : matches)
        origins.push_back(plan.configs[c].origin);
      return errors.at(where, "matches " + std::to_string(matches.size()) +
                                  " decorator configs (" +
                                  llvm::join(origins, ", ") +
                                  "); give num_warps and num_stages to say "
                                  "which");
    }
    size_t c = matches.front();
    if (namedBy[c] >= 0)
      return errors.at(where, "names the same decorator config (" +
                                  plan.configs[c].origin + ") as configs[" +
                                  std::to_string(namedBy[c]) + "]");
    namedBy[c] = i;
  }
  // Rename them; a generated name a manifest name takes is replaced.
  llvm::StringSet<> manifestNames;
  for (const DecoratorManifest::Config &mc : manifest.configs)
    manifestNames.insert(mc.name);
  for (size_t c = 0; c < plan.configs.size(); ++c) {
    AotConfig &config = plan.configs[c];
    if (namedBy[c] >= 0) {
      const DecoratorManifest::Config &mc = manifest.configs[namedBy[c]];
      config.name = mc.name;
      if (mc.targets) {
        std::string where =
            "configs[" + std::to_string(namedBy[c]) + "].targets";
        config.targets.clear();
        for (const std::string &t : *mc.targets) {
          auto spec = tkc::parseTargetList(t);
          if (!spec)
            return errors.at(where, llvm::toString(spec.takeError()));
          for (const tkc::TargetSpec &s : *spec)
            config.targets.push_back(s.arch);
        }
        // Only the targets compiled: a command line's -t overrides the
        // manifest's targets, and a config keeps those it shares with it.
        llvm::erase_if(config.targets, [&](const std::string &arch) {
          return !llvm::is_contained(archs, arch);
        });
        if (config.targets.empty())
          return errors.at(where, "none of them is compiled (targets: " +
                                      llvm::join(archs, ", ") + ")");
        if (config.targets.size() == archs.size())
          config.targets.clear();
      }
    } else if (manifestNames.contains(config.name)) {
      config.name = "config" + std::to_string(c);
      if (manifestNames.contains(config.name))
        return errors.at("configs", "the name '" + config.name +
                                        "' is also the generated name of "
                                        "the decorator config at " +
                                        config.origin);
    }
  }

  // The key: the decorators'.
  if (manifest.key) {
    if (plan.autotuneOrigin.empty())
      return errors.at("key", "the kernel has no @triton.autotune, whose key "
                              "it would restate");
    // A constexpr the decorator's key names may be restated too.
    std::vector<std::string> a = *manifest.key, b = plan.key;
    llvm::erase_if(a, [&](const std::string &name) {
      return llvm::is_contained(plan.constexprKey, name);
    });
    llvm::sort(a);
    llvm::sort(b);
    if (a != b)
      return errors.at("key", "[" + llvm::join(*manifest.key, ", ") +
                                  "], but @triton.autotune" + autotuneAt +
                                  " has key=[" + llvm::join(plan.key, ", ") +
                                  "]; the decorators' key wins, so leave it "
                                  "out or give the same");
  }
  // Heuristics: the decorators' expressions, the manifest's values.
  for (size_t i = 0; i < manifest.heuristics.size(); ++i) {
    const DecoratorManifest::Heuristic &h = manifest.heuristics[i];
    std::string where = "heuristics[" + std::to_string(i) + "]";
    auto found = llvm::find_if(plan.heuristics, [&](const AotHeuristic &o) {
      return o.constexprName == h.constexprName;
    });
    if (found == plan.heuristics.end())
      return errors.at(where + ".constexpr",
                       "'" + h.constexprName +
                           "' is not a constexpr that an applied "
                           "@triton.heuristics entry sets");
    if (h.expr && squeeze(*h.expr) != squeeze(found->expr))
      return errors.at(where + ".expr",
                       "'" + *h.expr + "', but the decorator's heuristic (" +
                           found->origin + ") is '" + found->expr +
                           "'; the decorator's wins, so leave it out or "
                           "give the same");
  }

  // Specializations: the manifest's, then the command line's.
  plan.specializations = manifest.specializations;
  if (!plan.specializations.empty() && !signature.empty() &&
      llvm::none_of(plan.specializations, [&](const auto &s) {
        return squeeze(s.second) == squeeze(signature);
      }))
    plan.specializations.emplace_back("given", signature.str());
  if (llvm::count_if(plan.specializations,
                     [](const auto &s) { return s.first == "given"; }) > 1)
    return errors.at("specializations",
                     "the name 'given' is the command line signature's");

  // Tuned entries name configs and targets this build has.
  if (manifest.tuned) {
    for (size_t i = 0; i < manifest.tuned->size(); ++i) {
      const Object *entry = (*manifest.tuned)[i].getAsObject();
      std::string where = "tuned[" + std::to_string(i) + "]";
      if (!entry)
        return errors.expected(where, "an object", (*manifest.tuned)[i]);
      if (auto config = entry->getString("config"))
        if (llvm::none_of(plan.configs, [&](const AotConfig &c) {
              return c.name == *config;
            })) {
          std::vector<std::string> names;
          for (const AotConfig &c : plan.configs)
            names.push_back(c.name);
          return errors.at(where + ".config",
                           "'" + *config + "' is not a config's name (" +
                               llvm::join(names, ", ") + ")");
        }
    }
  }
  plan.buckets = manifest.buckets;
  plan.autotune = manifest.autotune;
  plan.tuned = manifest.tuned;
  return llvm::Error::success();
}
