//===- AotAutotune.cpp - `tkc aot` over a kernel's @triton.autotune -------===//
//
// Parses the kernel file, reads its decorators (compiler/Frontend/
// Decorators.h), checks them against the signature (the key must name
// integer scalar parameters; buffers to restore need `--restore` sizes;
// heuristics read integers, and pointers only to test them against None),
// names each distinct config and lists the values of each heuristic.
// Diagnostics carry the kernel's file:line:col.
//
//===----------------------------------------------------------------------===//

#include "compiler/tools/tkc/AotAutotune.h"

#include "compiler/Frontend/Decorators.h"
#include "compiler/Frontend/Parser.h"
#include "compiler/Frontend/Signature.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

using namespace tkc::frontend;

namespace {

/// True if a parameter annotation is `tl.constexpr`, spelled any way that
/// ends in `constexpr` (as the code generator decides).
bool isConstexpr(const Param &p) {
  const Expr *e = p.annotation.get();
  if (auto *a = llvm::dyn_cast_or_null<AttributeExpr>(e))
    return a->attr == "constexpr";
  if (auto *n = llvm::dyn_cast_or_null<NameExpr>(e))
    return n->id == "constexpr";
  return false;
}

/// A C-identifier fragment for a constexpr value: `64`, `m8` for -8, `1`
/// for True; empty when the value has no short spelling.
std::string nameFragment(const ConfigValue &v) {
  switch (v.kind) {
  case ConfigValue::Kind::Int:
    return v.intValue < 0 ? "m" + std::to_string(0 - uint64_t(v.intValue))
                          : std::to_string(v.intValue);
  case ConfigValue::Kind::Bool:
    return v.intValue ? "1" : "0";
  case ConfigValue::Kind::Str:
    if (!v.strValue.empty() && v.strValue.size() <= 16 &&
        llvm::all_of(v.strValue, [](char c) { return llvm::isAlnum(c); }))
      return v.strValue;
    return "";
  default:
    return "";
  }
}

} // namespace

llvm::Expected<std::optional<tkc::aot::AutotunePlan>>
tkc::aot::planAutotune(llvm::StringRef input, llvm::StringRef kernel,
                       llvm::StringRef signature,
                       llvm::ArrayRef<std::string> restoreOptions,
                       llvm::ArrayRef<std::string> heuristicValues,
                       unsigned numWarps, unsigned numStages) {
  auto buffer = llvm::MemoryBuffer::getFile(input);
  if (!buffer) // compileKernel reports an unreadable input.
    return std::nullopt;
  llvm::SourceMgr sourceMgr;
  unsigned id = sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  Diagnostics diags(sourceMgr, llvm::errs());
  auto failed = [&](const llvm::Twine &what) {
    return llvm::createStringError(what);
  };
  std::unique_ptr<Module> module = parseModule(id, diags);
  if (!module)
    return failed("'" + input + "' does not parse");
  const FunctionDef *fn = module->findFunction(kernel);
  if (!fn || !fn->isJit) // compileKernel explains.
    return std::nullopt;
  std::optional<KernelDecorators> decorators =
      readDecorators(*module, *fn, diags);
  if (!decorators)
    return failed("cannot read the decorators of '" + kernel + "'");

  // Which parameters the signature gives. A signature with one entry per
  // parameter gives constexprs as literals; a shorter one gives none.
  auto entries = parseSignature(signature);
  if (!entries) { // compileKernel reports a bad signature.
    llvm::consumeError(entries.takeError());
    return std::nullopt;
  }
  bool allParams = entries->size() == fn->params.size();
  // The constexprs the decorators set. A signature may list every other
  // parameter, its constexprs as literals (those no config or heuristic
  // sets: `HAS_BIAS`, `N`); then it is `mixed`.
  llvm::StringSet<> decoratorSet;
  if (decorators->autotune)
    for (const AutotuneConfig &c : decorators->autotune->configs)
      for (const auto &kv : c.constexprs)
        decoratorSet.insert(kv.first);
  for (const Heuristic &h : decorators->heuristics)
    decoratorSet.insert(h.name);
  size_t nonConstexpr = llvm::count_if(
      fn->params, [](const Param &p) { return !isConstexpr(p); });
  size_t undecorated = llvm::count_if(fn->params, [&](const Param &p) {
    return !decoratorSet.contains(p.name);
  });
  bool mixed = !allParams && entries->size() != nonConstexpr &&
               entries->size() == undecorated;
  auto entryOf = [&](llvm::StringRef name) -> const SignatureEntry * {
    size_t next = 0;
    for (const Param &p : fn->params) {
      if (mixed ? decoratorSet.contains(p.name) : !allParams && isConstexpr(p))
        continue;
      if (next >= entries->size())
        return nullptr;
      if (p.name == name)
        return &(*entries)[next];
      ++next;
    }
    return nullptr;
  };
  auto paramOf = [&](llvm::StringRef name) -> const Param * {
    auto it = llvm::find_if(fn->params,
                            [&](const Param &p) { return p.name == name; });
    return it == fn->params.end() ? nullptr : &*it;
  };
  bool ok = true;
  AutotunePlan plan;
  if (mixed) {
    // The constexprs it gives are fixed in every variant; the compiler gets
    // the other entries as the signature.
    size_t next = 0;
    for (const Param &p : fn->params) {
      if (decoratorSet.contains(p.name))
        continue;
      const SignatureEntry &e = (*entries)[next];
      if (isConstexpr(p)) {
        if (e.kind != SignatureEntry::Kind::Literal) {
          diags.error(p.loc, "the signature's entry " +
                                 std::to_string(next + 1) + " ('" + e.text +
                                 "') is for constexpr '" + p.name +
                                 "', which takes a literal value");
          return failed("bad signature for '" + kernel + "'");
        }
        plan.fixedConstexprs.emplace_back(p.name, e.literal);
        plan.constexprEntries.push_back(next);
      }
      ++next;
    }
  }

  // The heuristics whose constexprs the signature leaves open are honoured.
  llvm::StringMap<std::vector<std::string>> listedValues;
  for (llvm::StringRef option : heuristicValues) {
    auto [name, list] = option.split('=');
    name = name.trim();
    if (name.empty() || list.trim().empty())
      return failed("--heuristic-values " + option +
                    ": expected NAME=V1,V2,...");
    if (llvm::none_of(decorators->heuristics,
                      [&](const Heuristic &h) { return h.name == name; }))
      return failed("--heuristic-values " + name +
                    " (or a manifest's heuristics[].values): '" + kernel +
                    "' has no heuristic for '" + name + "'");
    llvm::SmallVector<llvm::StringRef> values;
    list.split(values, ',');
    for (llvm::StringRef v : values)
      listedValues[name].push_back(v.trim().str());
  }
  std::vector<const Heuristic *> honoured;
  std::string fileName = llvm::sys::path::filename(input).str();
  auto originOf = [&](Loc loc) {
    auto [line, column] = diags.getLineAndColumn(loc);
    return fileName + ":" + std::to_string(line) + ":" + std::to_string(column);
  };
  for (const Heuristic &h : decorators->heuristics) {
    const SignatureEntry *e = entryOf(h.name);
    if (e && e->kind == SignatureEntry::Kind::Literal) {
      diags.note(h.loc, "the signature gives " + h.name + " = " + e->literal +
                            "; heuristic '" + h.name + "' is not applied");
      continue;
    }
    if (decorators->autotune &&
        llvm::any_of(decorators->autotune->configs, [&](const auto &c) {
          return llvm::any_of(
              c.constexprs, [&](const auto &kv) { return kv.first == h.name; });
        })) {
      ok = diags.error(h.loc, "heuristic '" + h.name +
                                  "' sets a constexpr that @triton.autotune's "
                                  "configs set too; tkc takes each constexpr "
                                  "from one of them");
      continue;
    }
    // What it reads: integers, pointers only under `is None`, constexprs
    // (of earlier heuristics only, among those it computes).
    unsigned errorsBefore = diags.numErrors();
    for (const HeuristicRead &r : h.reads) {
      const Param *param = paramOf(r.name);
      if (isConstexpr(*param)) {
        auto self = llvm::find_if(decorators->heuristics,
                                  [&](const auto &o) { return &o == &h; });
        if (std::any_of(self, decorators->heuristics.end(),
                        [&](const Heuristic &o) { return o.name == r.name; }))
          ok = diags.error(r.loc, "heuristic '" + h.name + "' reads '" +
                                      r.name + "', which " +
                                      (r.name == h.name
                                           ? std::string("it computes itself")
                                           : "a later heuristic computes") +
                                      "; a heuristic reads the constexprs of "
                                      "those before it");
        else if (r.noneTest)
          ok = diags.error(r.loc, "heuristic '" + h.name + "': '" + r.name +
                                      "' is a constexpr; 'is None' tests "
                                      "pointer parameters");
        continue;
      }
      const SignatureEntry *entry = entryOf(r.name);
      if (!entry)
        continue; // compileKernel reports a short signature.
      bool pointer =
          entry->kind == SignatureEntry::Kind::Typed && entry->type.isPtr();
      bool integer = entry->kind == SignatureEntry::Kind::Typed &&
                     (entry->type.isInt() || entry->type.isBool());
      if (r.noneTest ? !pointer : !integer)
        ok = diags.error(r.loc, "heuristic '" + h.name + "' reads '" + r.name +
                                    "', which is '" + entry->text +
                                    "' in the signature; the generated C "
                                    "evaluates heuristics over integer "
                                    "parameters, and tests pointers only "
                                    "with 'is None' / 'is not None'");
    }
    if (diags.numErrors() != errorsBefore)
      continue;
    AotHeuristic aot;
    aot.constexprName = h.name;
    aot.expr = h.expr;
    aot.origin = originOf(h.loc);
    if (auto it = listedValues.find(h.name); it != listedValues.end()) {
      for (const std::string &v : it->second) {
        int64_t number;
        if (v == "True" || v == "False") {
          aot.manifestValues.push_back(v == "True");
        } else if (!llvm::StringRef(v).getAsInteger(10, number)) {
          aot.manifestValues.push_back(number);
        } else {
          return failed("--heuristic-values " + h.name + ": '" + v +
                        "' is not an integer, True or False");
        }
        aot.valueTexts.push_back(v);
      }
    } else if (h.boolean) {
      aot.valueTexts = {"False", "True"};
      aot.manifestValues = llvm::json::Array{false, true};
    } else if (!h.values.empty()) {
      for (int64_t v : h.values) {
        aot.valueTexts.push_back(std::to_string(v));
        aot.manifestValues.push_back(v);
      }
    } else {
      ok = diags.error(h.loc, "heuristic '" + h.name + "' (" + h.expr +
                                  ") computes an integer per call; tkc "
                                  "compiles one variant per value it can "
                                  "take, so list them: --heuristic-values " +
                                  h.name +
                                  "=V1,V2,... (or a manifest's "
                                  "heuristics[].values)");
      continue;
    }
    plan.heuristics.push_back(std::move(aot));
    honoured.push_back(&h);
  }
  if (!ok)
    return failed("cannot apply the heuristics of '" + kernel + "'");
  if (!decorators->autotune) {
    if (honoured.empty())
      return std::nullopt;
    if (!restoreOptions.empty())
      return failed("--restore needs a kernel autotuned by @triton.autotune");
    AotConfig config;
    config.numWarps = numWarps;
    config.numStages = numStages;
    config.name =
        "w" + std::to_string(numWarps) + "_s" + std::to_string(numStages);
    plan.configs.push_back(std::move(config));
    return plan;
  }
  const AutotuneDecorator &autotune = *decorators->autotune;
  plan.autotuneOrigin = originOf(autotune.loc);

  llvm::StringSet<> tuned;
  for (const AutotuneConfig &c : autotune.configs)
    for (const auto &kv : c.constexprs)
      tuned.insert(kv.first);
  std::vector<std::string> given, open;
  for (const Param &p : fn->params) {
    if (!tuned.contains(p.name))
      continue;
    const SignatureEntry *e = entryOf(p.name);
    (e && e->kind == SignatureEntry::Kind::Literal ? given : open)
        .push_back(p.name);
  }
  // Configs that set no constexprs (only num_warps, num_stages, ...) are
  // autotuned over as they are.
  if (open.empty() && !given.empty()) {
    diags.note(autotune.loc, "the signature gives every autotuned constexpr (" +
                                 llvm::join(given, ", ") +
                                 "); compiling that one config");
    return std::nullopt;
  }
  if (!given.empty()) {
    diags.error(autotune.loc, "the signature gives " + llvm::join(given, ", ") +
                                  " but not " + llvm::join(open, ", ") +
                                  ", which the configs set too: give all of "
                                  "them (one config) or none (autotune)");
    return failed("inconsistent signature for '" + kernel + "'");
  }

  for (const NamedParam &k : autotune.key) {
    const Param &param = *paramOf(k.name);
    const SignatureEntry *e = entryOf(k.name);
    if (isConstexpr(param)) {
      // Each variant has one value of it: it picks nothing at run time.
      diags.note(k.loc, "key '" + k.name +
                            "' is a constexpr, compiled in with one value "
                            "per variant; it is left out of the run-time key");
      plan.constexprKey.push_back(k.name);
      continue;
    }
    if (isConstexpr(param) || !e || e->kind != SignatureEntry::Kind::Typed ||
        e->equalsOne || !e->type.isInt()) {
      ok = diags.error(k.loc, "key '" + k.name +
                                  "': tkc keys autotuning on integer scalar "
                                  "parameters only (their values pick a "
                                  "config); '" +
                                  k.name + "' is " +
                                  (e ? "'" + e->text + "'" : "a constexpr") +
                                  " in the signature");
      continue;
    }
    plan.key.push_back(k.name);
  }
  // Buffers to save and restore need sizes only --restore can give.
  llvm::StringMap<std::string> sizes;
  for (llvm::StringRef option : restoreOptions) {
    auto [param, bytes] = option.split('=');
    param = param.trim();
    bytes = bytes.trim();
    if (param.empty() || bytes.empty())
      return failed("--restore " + option + ": expected PARAM=BYTES_EXPR");
    if (!sizes.insert({param, bytes.str()}).second)
      return failed("--restore " + param + " is given twice");
    plan.restore.emplace_back(param.str(), bytes.str());
  }
  for (const auto *list : {&autotune.restoreValue, &autotune.resetToZero})
    for (const NamedParam &p : *list)
      if (!sizes.count(p.name))
        ok = diags.error(
            p.loc, "'" + p.name + "' (" +
                       (list == &autotune.restoreValue ? "restore_value"
                                                       : "reset_to_zero") +
                       ") needs its size in bytes, which the decorator "
                       "does not say: give --restore " +
                       p.name +
                       "=BYTES_EXPR (an expression over the integer "
                       "parameters, e.g. 'n * 4'), or use a manifest "
                       "(docs/manifest.md, \"restore\")");
  if (!ok)
    return failed("cannot autotune '" + kernel + "'");

  // The configs, each distinct one once.
  llvm::StringSet<> names;
  for (size_t i = 0; i < autotune.configs.size(); ++i) {
    const AutotuneConfig &c = autotune.configs[i];
    if (llvm::any_of(llvm::ArrayRef(autotune.configs).take_front(i),
                     [&](const AutotuneConfig &o) { return o.sameAs(c); })) {
      diags.warning(c.loc, "this config repeats an earlier one; it is "
                           "compiled once");
      continue;
    }
    if (c.numCtas != 1)
      diags.warning(c.loc, "num_ctas=" + std::to_string(c.numCtas) +
                               " is ignored: tkc launches one CTA per "
                               "program");
    if (c.maxnreg && (*c.maxnreg < 1 || *c.maxnreg > 255)) {
      diags.error(c.loc, "maxnreg=" + std::to_string(*c.maxnreg) +
                             " is not a register count from 1 to 255");
      return failed("cannot autotune '" + kernel + "'");
    }
    AotConfig config;
    config.numWarps = c.numWarps;
    config.numStages = c.numStages;
    config.maxRegisters = c.maxnreg.value_or(0);
    config.origin = originOf(c.loc);
    std::string name;
    bool named = true;
    for (const auto &[param, value] : c.constexprs) {
      config.constexprs.emplace_back(param, value.pythonText());
      if (value.kind == ConfigValue::Kind::Int)
        config.manifestConstexprs[param] = value.intValue;
      else if (value.kind == ConfigValue::Kind::Bool)
        config.manifestConstexprs[param] = value.intValue != 0;
      else
        config.manifestConstexprs[param] = value.pythonText();
      std::string fragment = nameFragment(value);
      named &= !fragment.empty();
      name += param + fragment + "_";
    }
    name +=
        "w" + std::to_string(c.numWarps) + "_s" + std::to_string(c.numStages);
    if (config.maxRegisters)
      name += "_r" + std::to_string(config.maxRegisters);
    if (!named || !(llvm::isAlpha(name[0]) || name[0] == '_') ||
        !llvm::all_of(name,
                      [](char ch) { return llvm::isAlnum(ch) || ch == '_'; }) ||
        names.contains(name))
      name = "config" + std::to_string(plan.configs.size());
    names.insert(name);
    config.name = name;
    plan.configs.push_back(std::move(config));
  }
  return plan;
}

std::string tkc::aot::compilerSignature(const AutotunePlan &plan,
                                        llvm::StringRef signature) {
  if (plan.constexprEntries.empty())
    return signature.str();
  auto entries = parseSignature(signature);
  if (!entries) { // The compiler reports it.
    llvm::consumeError(entries.takeError());
    return signature.str();
  }
  std::vector<std::string> kept;
  for (size_t i = 0; i < entries->size(); ++i)
    if (!llvm::is_contained(plan.constexprEntries, i))
      kept.push_back((*entries)[i].text);
  return llvm::join(kept, ", ");
}

llvm::json::Value tkc::aot::makeManifest(const AutotunePlan &plan,
                                         llvm::StringRef kernel,
                                         llvm::StringRef src,
                                         llvm::StringRef signature,
                                         llvm::StringRef grid,
                                         llvm::ArrayRef<std::string> archs) {
  llvm::json::Array configs;
  for (const AotConfig &c : plan.configs) {
    llvm::json::Object config{
        {"name", c.name},
        {"constexprs", llvm::json::Object(c.manifestConstexprs)},
        {"num_warps", c.numWarps},
        {"num_stages", c.numStages}};
    if (c.maxRegisters)
      config["maxnreg"] = c.maxRegisters;
    if (!c.targets.empty())
      config["targets"] = llvm::json::Array(c.targets);
    configs.push_back(std::move(config));
  }
  llvm::json::Array specializations;
  if (plan.specializations.empty())
    specializations.push_back(
        llvm::json::Object{{"name", "given"}, {"signature", signature}});
  for (const auto &[name, spec] : plan.specializations)
    specializations.push_back(
        llvm::json::Object{{"name", name}, {"signature", spec}});
  llvm::json::Array restore;
  for (const auto &[param, bytes] : plan.restore)
    restore.push_back(llvm::json::Object{{"param", param}, {"bytes", bytes}});
  llvm::json::Array key;
  for (const std::string &k : plan.key)
    key.push_back(k);
  llvm::json::Array targets;
  for (const std::string &arch : archs)
    targets.push_back(arch);
  llvm::json::Array heuristics;
  for (const AotHeuristic &h : plan.heuristics)
    heuristics.push_back(
        llvm::json::Object{{"constexpr", h.constexprName},
                           {"expr", h.expr},
                           {"values", llvm::json::Array(h.manifestValues)},
                           {"origin", h.origin}});
  llvm::json::Object manifest{{"schema_version", 1},
                              {"kernel", kernel},
                              {"src", src},
                              {"specializations", std::move(specializations)},
                              {"grid", grid},
                              {"configs", std::move(configs)},
                              {"key", std::move(key)},
                              {"targets", std::move(targets)},
                              {"restore", std::move(restore)},
                              {"heuristics", std::move(heuristics)}};
  if (plan.buckets)
    manifest["buckets"] = llvm::json::Object(*plan.buckets);
  if (plan.autotune)
    manifest["autotune"] = *plan.autotune;
  if (plan.tuned)
    manifest["tuned"] = llvm::json::Array(*plan.tuned);
  return manifest;
}
