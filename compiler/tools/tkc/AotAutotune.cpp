//===- AotAutotune.cpp - `tkc aot` over a kernel's @triton.autotune -------===//
//
// Parses the kernel file, reads its decorators (compiler/Frontend/
// Decorators.h), checks them against the signature (the key must name
// integer scalar parameters; buffers to restore need `--restore` sizes) and
// names each distinct config. Diagnostics carry the kernel's file:line:col.
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
                       llvm::ArrayRef<std::string> restoreOptions) {
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
  for (const Heuristic &h : decorators->heuristics)
    diags.warning(h.loc, "heuristic '" + h.name +
                             "' is not honoured yet: give '" + h.name +
                             "' in the signature (or its default applies)");
  if (!decorators->autotune)
    return std::nullopt;
  const AutotuneDecorator &autotune = *decorators->autotune;

  // Which parameters the signature gives. A signature with one entry per
  // parameter gives constexprs as literals; a shorter one gives none.
  auto entries = parseSignature(signature);
  if (!entries) { // compileKernel reports a bad signature.
    llvm::consumeError(entries.takeError());
    return std::nullopt;
  }
  bool allParams = entries->size() == fn->params.size();
  auto entryOf = [&](llvm::StringRef name) -> const SignatureEntry * {
    size_t next = 0;
    for (const Param &p : fn->params) {
      if (!allParams && isConstexpr(p))
        continue;
      if (next >= entries->size())
        return nullptr;
      if (p.name == name)
        return &(*entries)[next];
      ++next;
    }
    return nullptr;
  };
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
  if (open.empty()) {
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

  AutotunePlan plan;
  bool ok = true;
  for (const NamedParam &k : autotune.key) {
    const Param &param = *llvm::find_if(
        fn->params, [&](const Param &p) { return p.name == k.name; });
    const SignatureEntry *e = entryOf(k.name);
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
    if (c.maxnreg)
      diags.warning(c.loc, "maxnreg is ignored: tkc does not cap registers");
    AotConfig config;
    config.numWarps = c.numWarps;
    config.numStages = c.numStages;
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

llvm::json::Value tkc::aot::makeManifest(const AutotunePlan &plan,
                                         llvm::StringRef kernel,
                                         llvm::StringRef src,
                                         llvm::StringRef signature,
                                         llvm::StringRef grid,
                                         llvm::ArrayRef<std::string> archs) {
  llvm::json::Array configs;
  for (const AotConfig &c : plan.configs)
    configs.push_back(llvm::json::Object{
        {"name", c.name},
        {"constexprs", llvm::json::Object(c.manifestConstexprs)},
        {"num_warps", c.numWarps},
        {"num_stages", c.numStages}});
  llvm::json::Array restore;
  for (const auto &[param, bytes] : plan.restore)
    restore.push_back(llvm::json::Object{{"param", param}, {"bytes", bytes}});
  llvm::json::Array key;
  for (const std::string &k : plan.key)
    key.push_back(k);
  llvm::json::Array targets;
  for (const std::string &arch : archs)
    targets.push_back(arch);
  return llvm::json::Object{
      {"schema_version", 1},
      {"kernel", kernel},
      {"src", src},
      {"specializations", llvm::json::Array{llvm::json::Object{
                              {"name", "given"}, {"signature", signature}}}},
      {"grid", grid},
      {"configs", std::move(configs)},
      {"key", std::move(key)},
      {"targets", std::move(targets)},
      {"restore", std::move(restore)}};
}
