//===- LauncherEmitter.cpp - Metadata to the generated C pair -------------===//
//
// Checks that the variants describe one kernel (same parameters), groups them
// into configs (same constexprs, num_warps, num_stages, max_blocks_per_sm and
// maxnreg) and orders each group most specialized first, checks the manifest's
// heuristics (their names, and that every value they can take is compiled),
// resolves the grid's and the heuristics' names per variant, and fills the C
// templates embedded from templates/*.in.
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/LauncherEmitter.h"

#include "launcher_gen/BlobPacks.h"
#include "launcher_gen/GridExpr.h"
#include "launcher_gen/Template.h"
#include "metadata/TargetName.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <functional>
#include <map>

using namespace tkc::launcher;
using llvm::StringRef;

namespace {

// The template files, embedded at build time (embed_templates.sh).
#include "launcher_gen/Templates.inc"

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}

/// Names a parameter cannot keep in C: keywords, the types and macros the
/// generated code uses, and the C API's own arguments.
bool isReservedInC(StringRef name) {
  static const char *const reserved[] = {
      "auto",       "break",     "case",     "char",    "const",    "continue",
      "default",    "do",        "double",   "else",    "enum",     "extern",
      "float",      "for",       "goto",     "if",      "inline",   "int",
      "long",       "register",  "restrict", "return",  "short",    "signed",
      "sizeof",     "static",    "struct",   "switch",  "typedef",  "union",
      "unsigned",   "void",      "volatile", "while",   "_Bool",    "_Complex",
      "_Imaginary", "bool",      "true",     "false",   "NULL",     "int8_t",
      "int16_t",    "int32_t",   "int64_t",  "uint8_t", "uint16_t", "uint32_t",
      "uint64_t",   "uintptr_t", "size_t",   "INT64_C", "stream",   "config",
      "index",      "device"};
  for (const char *word : reserved)
    if (name == word)
      return true;
  return name.starts_with("tkc_") || name.starts_with("TKC_");
}

/// A kernel parameter as the C API sees it.
struct ApiParam {
  const Param *param;
  /// Its C identifier (the name, unless that is reserved).
  std::string cName;
  /// Whether the C API takes it (false: equal_to_1 in every variant).
  bool passed;
};

/// The grid dimension names, for messages.
const char *const kDims[3] = {"X", "Y", "Z"};

class Emitter {
public:
  Emitter(StringRef name, StringRef gridText, std::vector<Variant> variants,
          StringRef headerInclude, const Manifest *manifest,
          const BlobOptions &blobs)
      : name(name), gridText(gridText), variants(std::move(variants)),
        headerInclude(headerInclude.empty() ? (name + ".h").str()
                                            : headerInclude.str()),
        manifest(manifest), blobs(blobs) {}

  llvm::Expected<GeneratedLauncher> run();

private:
  llvm::Error checkSameKernel();
  void nameParams();
  llvm::Error orderVariants();
  llvm::Expected<std::vector<int>> manifestConfigs() const;
  llvm::Error fillTuning(TemplateValues &values) const;
  llvm::Error fillKey(TemplateValues &values) const;
  llvm::Error fillTuned(TemplateValues &values) const;
  llvm::Error fillRestore(TemplateValues &values) const;
  std::string unsafeExpression() const;
  /// An error about the manifest at JSON path `where`.
  llvm::Error manifestError(const llvm::Twine &where,
                            const llvm::Twine &what) const {
    return makeError(manifest->path + ": " + where + ": " + what);
  }
  /// The passed integer parameter `paramName`, or an error for `where`.
  llvm::Expected<const ApiParam *> integerParam(StringRef paramName,
                                                const llvm::Twine &where) const;
  llvm::Error checkGridNames();
  llvm::Error checkHeuristics();
  /// The values variant `v` was compiled with for the heuristics' constexprs.
  std::string heuristicKey(const Variant &v) const;
  /// The C operand of name `expr` in an expression evaluated for `variant`.
  std::string operandFor(const Variant &variant, const GridExpr &expr) const;
  /// Sets TENSOR_MAP_TABLE (the C table of variant `index`'s tensor maps,
  /// or nothing), TENSOR_MAPS (its name, or NULL) and NUM_TENSOR_MAPS.
  void fillTensorMaps(const Variant &variant, int index,
                      TemplateValues &values) const;
  llvm::Error fillVariant(const Variant &variant, int index, int config,
                          TemplateValues &values);
  std::string checksOf(const Variant &variant, std::string &spec) const;
  void fillGlobals(TemplateValues &values) const;

  const ApiParam *findApiParam(StringRef paramName) const {
    for (const ApiParam &p : apiParams)
      if (p.param->name == paramName)
        return &p;
    return nullptr;
  }

  std::string name;
  std::string gridText;
  std::vector<Variant> variants;
  /// How the source includes the header.
  std::string headerInclude;
  const Manifest *manifest;
  /// How the binaries are embedded (BlobPacks.h).
  BlobOptions blobs;
  Grid grid;
  std::vector<ApiParam> apiParams;
  /// Variant indices in emission order, and each config's first index.
  std::vector<size_t> order;
  std::vector<int> configOf;
  std::vector<int> configBegin;
  /// With a manifest: the manifest index of each config shipped.
  std::vector<int> shippedConfigs;
  /// The manifest's heuristics, parsed, and the values each can take.
  std::vector<std::unique_ptr<GridExpr>> heuristicExprs;
  std::vector<std::vector<int64_t>> heuristicValues;
};

llvm::Error Emitter::checkSameKernel() {
  const Variant &first = variants.front();
  auto describe = [](const Param &p) {
    return "'" + p.name + "' (" + p.kind +
           (p.isConstexpr() ? std::string() : " " + p.dtype) + ")";
  };
  for (const Variant &variant : llvm::drop_begin(variants)) {
    if (variant.kernel != first.kernel)
      return makeError(variant.path + ": kernel '" + variant.kernel +
                       "' differs from '" + first.kernel + "' in " +
                       first.path);
    size_t count = std::max(variant.params.size(), first.params.size());
    for (size_t i = 0; i < count; ++i) {
      if (i >= variant.params.size() || i >= first.params.size())
        return makeError(variant.path + ": has " +
                         llvm::Twine(variant.params.size()) +
                         " parameters but " + first.path + " has " +
                         llvm::Twine(first.params.size()));
      const Param &a = variant.params[i];
      const Param &b = first.params[i];
      if (a.name != b.name || a.kind != b.kind || a.dtype != b.dtype ||
          a.cType() != b.cType())
        return makeError(variant.path + ": parameter " + llvm::Twine(i) +
                         " is " + describe(a) + " but in " + first.path +
                         " it is " + describe(b) +
                         "; all variants must share one parameter list");
    }
  }
  return llvm::Error::success();
}

void Emitter::nameParams() {
  llvm::StringSet<> taken;
  for (const Param &param : variants.front().params)
    taken.insert(param.name);
  for (size_t i = 0; i < variants.front().params.size(); ++i) {
    const Param &param = variants.front().params[i];
    if (param.isConstexpr())
      continue;
    bool passed = llvm::any_of(
        variants, [&](const Variant &v) { return !v.params[i].equalToOne; });
    std::string cName = param.name;
    if (isReservedInC(cName) || cName == name ||
        StringRef(cName).starts_with(name + "_")) {
      do
        cName += "_";
      while (taken.contains(cName));
      taken.insert(cName);
    }
    apiParams.push_back({&param, cName, passed});
  }
}

/// The key that makes two variants the same config.
std::string configKey(const Variant &variant) {
  std::string key = std::to_string(variant.numWarps) + "/" +
                    std::to_string(variant.numStages) + "/" +
                    std::to_string(variant.requestedMaxBlocksPerSm()) + "/" +
                    std::to_string(variant.maxRegisters);
  for (const Param &param : variant.params)
    if (param.isConstexpr())
      key += "/" + param.name + "=" + param.value;
  return key;
}

/// The number of run-time facts a variant assumes.
int specializationRank(const Variant &variant) {
  int rank = 0;
  for (const Param &param : variant.params)
    rank += (param.divisibility > 1) + param.equalToOne;
  return rank;
}

/// The key of a variant's facts, to find duplicates.
std::string specializationKey(const Variant &variant) {
  std::string key;
  for (const Param &param : variant.params)
    key += std::to_string(param.divisibility) + (param.equalToOne ? "!" : ".");
  return key;
}

llvm::Expected<std::vector<int>> Emitter::manifestConfigs() const {
  std::vector<int> config(variants.size());
  for (size_t i = 0; i < variants.size(); ++i) {
    const Variant &variant = variants[i];
    auto matches = [&](const ManifestConfig &c) {
      if (c.numWarps != variant.numWarps || c.numStages != variant.numStages ||
          c.maxBlocksPerSm != variant.requestedMaxBlocksPerSm() ||
          c.maxRegisters != variant.maxRegisters)
        return false;
      return llvm::all_of(c.constexprs, [&](const auto &kv) {
        const Param *param = variant.findParam(kv.first);
        return param && param->isConstexpr() && param->value == kv.second;
      });
    };
    auto found = llvm::find_if(manifest->configs, matches);
    if (found == manifest->configs.end())
      return makeError(variant.path + ": was compiled with num_warps " +
                       llvm::Twine(variant.numWarps) + ", num_stages " +
                       llvm::Twine(variant.numStages) + ", max_blocks_per_sm " +
                       llvm::Twine(variant.requestedMaxBlocksPerSm()) +
                       ", maxnreg " + llvm::Twine(variant.maxRegisters) +
                       " and constexprs that match no config of " +
                       manifest->path);
    for (const auto &kv : found->constexprs)
      if (!variant.findParam(kv.first))
        return manifestError(found->where + ".constexprs." + kv.first,
                             "'" + variant.kernel +
                                 "' has no parameter named '" + kv.first + "'");
    config[i] = found - manifest->configs.begin();
  }
  return config;
}

llvm::Error Emitter::orderVariants() {
  // Without a manifest, configs are numbered per vendor, in command-line
  // order: config c is the c-th distinct config of the CUDA variants together
  // with the c-th of the HIP variants (the two vendors are usually tuned
  // differently). A manifest numbers them itself.
  std::map<std::string, std::vector<std::string>> keysByBackend;
  std::vector<int> config(variants.size());
  size_t numConfigs = 0;
  if (manifest) {
    auto matched = manifestConfigs();
    if (!matched)
      return matched.takeError();
    // The configs this build ships (a rule may filter some out), numbered
    // in manifest order.
    for (size_t c = 0; c < manifest->configs.size(); ++c)
      if (llvm::is_contained(*matched, static_cast<int>(c)))
        shippedConfigs.push_back(c);
    for (size_t i = 0; i < variants.size(); ++i)
      config[i] =
          llvm::find(shippedConfigs, (*matched)[i]) - shippedConfigs.begin();
    numConfigs = shippedConfigs.size();
  }
  for (size_t i = 0; i < variants.size(); ++i) {
    if (!manifest) {
      std::vector<std::string> &keys =
          keysByBackend[variants[i].target.backend];
      std::string key = configKey(variants[i]);
      auto found = llvm::find(keys, key);
      config[i] = found - keys.begin();
      if (found == keys.end())
        keys.push_back(key);
      numConfigs = std::max(numConfigs, keys.size());
    }
    for (size_t j = 0; j < i; ++j)
      if (config[j] == config[i] &&
          variants[j].target.arch == variants[i].target.arch &&
          specializationKey(variants[j]) == specializationKey(variants[i]) &&
          heuristicKey(variants[j]) == heuristicKey(variants[i]))
        return makeError(variants[i].path + ": same architecture (" +
                         variants[i].target.arch +
                         "), config and specialization as " + variants[j].path +
                         (manifest && !manifest->heuristics.empty()
                              ? " (and the same heuristic values)"
                              : ""));
  }
  for (int c = 0; c < static_cast<int>(numConfigs); ++c) {
    configBegin.push_back(order.size());
    std::vector<size_t> group;
    for (size_t i = 0; i < variants.size(); ++i)
      if (config[i] == c)
        group.push_back(i);
    std::stable_sort(group.begin(), group.end(), [&](size_t a, size_t b) {
      return specializationRank(variants[a]) > specializationRank(variants[b]);
    });
    for (size_t i : group) {
      order.push_back(i);
      configOf.push_back(c);
    }
  }
  configBegin.push_back(order.size());
  return llvm::Error::success();
}

/// Parses a constexpr's value as an integer of the launcher's expressions
/// (True and False are 1 and 0, as in Python).
std::optional<int64_t> integerValue(StringRef text) {
  text = text.trim();
  if (text == "True" || text == "False")
    return text == "True";
  bool negative = text.consume_front("-");
  unsigned long long value;
  if (text.empty() || !llvm::all_of(text, llvm::isDigit) ||
      text.getAsInteger(10, value) ||
      value > static_cast<unsigned long long>(INT64_MAX))
    return std::nullopt;
  return negative ? -static_cast<int64_t>(value) : static_cast<int64_t>(value);
}

llvm::Error Emitter::checkGridNames() {
  std::string prefix = "--grid '" + gridText + "': ";
  llvm::Error error = llvm::Error::success();
  for (const auto &dim : grid) {
    forEachGridName(*dim, [&](const GridExpr &expr) {
      if (error)
        return;
      const Param *param = variants.front().findParam(expr.name);
      if (!param) {
        std::string params, constexprs;
        for (const Param &p : variants.front().params) {
          std::string &list = p.isConstexpr() ? constexprs : params;
          list += (list.empty() ? "" : ", ") + p.name;
        }
        error = makeError(
            prefix + "column " + llvm::Twine(expr.column) + ": unknown name '" +
            expr.name + "'; the kernel's parameters are: " +
            (params.empty() ? "none" : params) +
            "; its constexprs: " + (constexprs.empty() ? "none" : constexprs));
        return;
      }
      if (param->isConstexpr()) {
        for (const Variant &variant : variants) {
          const Param *value = variant.findParam(expr.name);
          if (!integerValue(value->value)) {
            error = makeError(variant.path + ": constexpr '" + expr.name +
                              "' is '" + value->value +
                              "', not an integer the grid (" + gridText +
                              ") can use");
            return;
          }
        }
        return;
      }
      if (param->isPointer() ||
          (param->dtype.front() != 'i' && param->dtype.front() != 'u')) {
        error = makeError(prefix + "column " + llvm::Twine(expr.column) +
                          ": '" + expr.name + "' is a " +
                          (param->isPointer() ? "pointer" : param->dtype) +
                          " parameter; the grid takes integers only");
      }
    });
  }
  return error;
}

/// The C operand of an integer parameter in checked arithmetic.
std::string integerOperand(const ApiParam &api) {
  if (api.param->dtype == "u64")
    return "tkc_grid_u64(&tkc_ret, " + api.cName + ")";
  return "(int64_t)" + api.cName;
}

/// `text` as the contents of a C string literal.
std::string cStringContents(StringRef text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out;
}

std::string Emitter::checksOf(const Variant &variant, std::string &spec) const {
  std::vector<std::string> checks, facts;
  for (const ApiParam &api : apiParams) {
    if (!api.passed)
      continue;
    const Param *param = variant.findParam(api.param->name);
    bool isUnsigned = param->dtype.front() == 'u';
    std::string divisor = std::to_string(param->divisibility);
    if (param->equalToOne) {
      checks.push_back(api.cName + " == 1");
      facts.push_back(param->name + " == 1");
    } else if (param->divisibility > 1 && param->isPointer()) {
      checks.push_back("(uintptr_t)" + api.cName + " % " + divisor + "u == 0u");
      facts.push_back(param->name + " % " + divisor + " == 0");
    } else if (param->divisibility > 1) {
      checks.push_back(api.cName + " % " + divisor +
                       (isUnsigned ? "u == 0u" : " == 0"));
      facts.push_back(param->name + " % " + divisor + " == 0");
    }
  }
  spec = llvm::join(facts, ", ");
  if (checks.empty())
    return "1";
  if (checks.size() == 1)
    return checks.front();
  std::string out;
  for (size_t i = 0; i < checks.size(); ++i)
    out += (i ? " &&\n           (" : "(") + checks[i] + ")";
  return out;
}

llvm::Error Emitter::fillVariant(const Variant &variant, int index, int config,
                                 TemplateValues &values) {
  values.set("INDEX", std::to_string(index));
  values.set("CONFIG", std::to_string(config));
  values.set("ARCH", variant.target.arch);
  values.set("SOURCE", variant.fileName);
  values.set("SIZE", std::to_string(variant.binary.size()));
  values.set("SHA256", variant.sha256);
  values.set("BACKEND", variant.target.backend == "cuda" ? "TKC_BACKEND_CUDA"
                                                         : "TKC_BACKEND_HIP");
  values.set("ARCH_MAJOR", std::to_string(variant.archMajor));
  values.set("ARCH_MINOR", std::to_string(variant.archMinor));
  values.set("ARCH_SPECIFIC", variant.archSpecific ? "1" : "0");
  values.set("ENTRY", variant.entry);
  values.set("THREADS", std::to_string(variant.threadsPerBlock()));
  values.set("SHARED", std::to_string(variant.sharedBytes));
  values.set("MAX_BLOCKS", std::to_string(variant.maxBlocksPerSm));
  auto operand = [&](const GridExpr &expr) {
    return operandFor(variant, expr);
  };
  std::string spec;
  values.set("CHECKS", checksOf(variant, spec));
  // The heuristics' values this variant was compiled with, checked first.
  values.declareList("variant_heuristics");
  for (size_t i = 0; i < heuristicExprs.size(); ++i) {
    const ManifestHeuristic &h = manifest->heuristics[i];
    const Param *param = variant.findParam(h.constexprName);
    std::string text = printGridExpr(*heuristicExprs[i]);
    TemplateValues &item = values.addItem("variant_heuristics");
    item.set("HEURISTIC_NAME", h.constexprName);
    item.set("HEURISTIC_TEXT", cStringContents(text));
    item.set("HEURISTIC_C", emitGridC(*heuristicExprs[i], operand, "tkc_ret"));
    item.set("HEURISTIC_VALUE",
             "INT64_C(" + std::to_string(*integerValue(param->value)) + ")");
    spec += (spec.empty() ? "" : ", ") + h.constexprName + " = " +
            param->value + " (" + text + ")";
  }
  values.set("SPEC", cStringContents(spec));
  values.set("SPEC_DOC", spec.empty() ? "generic" : "for " + spec);

  std::vector<std::string> args;
  values.declareList("hidden_args");
  for (const KernelArg &arg : variant.kernelArgs) {
    if (arg.hidden) {
      std::string hidden = "tkc_hidden_" + std::to_string(args.size());
      TemplateValues &item = values.addItem("hidden_args");
      item.set("HIDDEN_NAME", hidden);
      item.set("HIDDEN_WORDS", std::to_string((arg.size + 7) / 8));
      args.push_back(hidden);
      continue;
    }
    args.push_back("&" + findApiParam(arg.name)->cName);
  }
  values.set("NUM_ARGS", std::to_string(std::max<size_t>(args.size(), 1)));
  values.set("ARGS", args.empty() ? "NULL" : llvm::join(args, ", "));
  values.set("NUM_KERNEL_ARGS", std::to_string(args.size()));
  fillTensorMaps(variant, index, values);

  for (int d = 0; d < 3; ++d)
    values.set(std::string("GRID_") + kDims[d],
               emitGridC(*grid[d], operand, "tkc_ret"));
  return llvm::Error::success();
}

void Emitter::fillTensorMaps(const Variant &variant, int index,
                             TemplateValues &values) const {
  // Each map's arguments, by their index among the kernel's arguments.
  auto argIndex = [&](const std::string &leaf) {
    for (size_t i = 0; i < variant.kernelArgs.size(); ++i)
      if (!variant.kernelArgs[i].hidden && variant.kernelArgs[i].name == leaf)
        return std::to_string(i);
    return std::string("-1"); // The metadata reader checked every leaf.
  };
  // A tkc_tensor_map_operand: the arguments (-1 past the last), their
  // bytes, and the constant factor.
  auto operand = [&](const tkc::metadata::TensorMapOperand &op) {
    std::vector<std::string> args, bytes;
    for (size_t i = 0; i < tkc::metadata::kMaxTensorMapOperandArgs; ++i) {
      const tkc::metadata::KernelParam *param =
          i < op.args.size() ? variant.findParam(op.args[i]) : nullptr;
      args.push_back(param ? argIndex(op.args[i]) : "-1");
      bytes.push_back(param && param->dtype == "i64" ? "8" : "4");
    }
    return "{{" + llvm::join(args, ", ") + "}, {" + llvm::join(bytes, ", ") +
           "}, INT64_C(" + std::to_string(op.scale) + ")}";
  };
  std::vector<std::string> entries;
  for (const tkc::metadata::TensorMapDesc &map : variant.tensorMaps) {
    std::vector<std::string> shapes, strides, box;
    for (size_t d = 0; d < map.box.size(); ++d) {
      shapes.push_back(operand(map.shape[d]));
      if (d + 1 < map.box.size())
        strides.push_back(operand(map.strides[d]));
      box.push_back(std::to_string(map.box[d]));
    }
    if (strides.empty()) // Rank 1: no stride, but C99 has no `{}`.
      strides.push_back(operand({}));
    // The metadata reader checked that the name needs no escapes in C.
    entries.push_back(
        "{\"" + map.descriptor + "\", " + std::to_string(map.box.size()) +
        ", " + argIndex(map.base) + ",\n     {" + llvm::join(shapes, ", ") +
        "},\n     {" + llvm::join(strides, ", ") + "},\n     {" +
        llvm::join(box, ", ") + "}, " + std::to_string(map.elementBytes) +
        ", " + std::to_string(map.swizzle) + "}");
  }
  std::string table = name + "_tensor_maps_" + std::to_string(index);
  values.set("TENSOR_MAP_TABLE",
             entries.empty()
                 ? std::string()
                 : "static const tkc_tensor_map_desc " + table + "[" +
                       std::to_string(entries.size()) + "] = {\n    " +
                       llvm::join(entries, ",\n    ") + "};\n");
  values.set("TENSOR_MAPS", entries.empty() ? "NULL" : table);
  values.set("NUM_TENSOR_MAPS", std::to_string(entries.size()));
}

std::string Emitter::operandFor(const Variant &variant,
                                const GridExpr &expr) const {
  const Param *param = variant.findParam(expr.name);
  if (param->isConstexpr())
    return "INT64_C(" + std::to_string(*integerValue(param->value)) + ")";
  const ApiParam *api = findApiParam(expr.name);
  if (!api->passed)
    return "INT64_C(1)";
  if (param->isPointer()) // The operand of `is None`.
    return api->cName;
  return integerOperand(*api);
}

std::string Emitter::heuristicKey(const Variant &v) const {
  std::string key;
  if (manifest)
    for (const ManifestHeuristic &h : manifest->heuristics)
      if (const Param *param = v.findParam(h.constexprName))
        key += "/" + std::to_string(integerValue(param->value).value_or(-1));
  return key;
}

llvm::Error Emitter::checkHeuristics() {
  if (!manifest)
    return llvm::Error::success();
  const std::vector<ManifestHeuristic> &heuristics = manifest->heuristics;
  const Variant &first = variants.front();
  for (size_t i = 0; i < heuristics.size(); ++i) {
    const ManifestHeuristic &h = heuristics[i];
    std::string where =
        h.where + (h.origin.empty() ? "" : " (" + h.origin + ")");
    auto parsed = parseHeuristicExpr(h.expr);
    if (!parsed)
      return manifestError(where + ".expr",
                           "'" + h.expr +
                               "': " + llvm::toString(parsed.takeError()));
    // The names it reads: parameters (pointers only under `is None`), and
    // constexprs with integer values, of which heuristics only earlier ones.
    std::vector<const GridExpr *> pointerTests;
    std::function<void(const GridExpr &)> findTests = [&](const GridExpr &e) {
      if (e.kind == GridExpr::Kind::IsNone)
        pointerTests.push_back(e.lhs.get());
      for (const auto *child : {e.lhs.get(), e.rhs.get(), e.cond.get()})
        if (child)
          findTests(*child);
    };
    findTests(**parsed);
    llvm::Error error = llvm::Error::success();
    forEachGridName(**parsed, [&](const GridExpr &name) {
      if (error)
        return;
      auto at = [&](const llvm::Twine &what) {
        return manifestError(where + ".expr", "'" + h.expr + "': column " +
                                                  llvm::Twine(name.column) +
                                                  ": " + what);
      };
      const Param *param = first.findParam(name.name);
      bool pointerTest = llvm::is_contained(pointerTests, &name);
      if (!param) {
        error = at("'" + name.name + "' is not a parameter or constexpr of '" +
                   first.kernel + "'");
        return;
      }
      if (param->isConstexpr()) {
        for (size_t j = i; j < heuristics.size(); ++j)
          if (heuristics[j].constexprName == name.name) {
            error = at("'" + name.name + "' is computed by " +
                       (j == i ? std::string("this heuristic")
                               : "a later one, " + heuristics[j].where) +
                       "; a heuristic reads only the constexprs of those "
                       "before it");
            return;
          }
        if (pointerTest) {
          error = at("'" + name.name +
                     "' is a constexpr; 'is None' tests pointer parameters");
          return;
        }
        for (const Variant &variant : variants)
          if (!integerValue(variant.findParam(name.name)->value)) {
            error =
                makeError(variant.path + ": constexpr '" + name.name +
                          "' is '" + variant.findParam(name.name)->value +
                          "', not an integer or boolean that " +
                          manifest->path + ": " + where + " can compute with");
            return;
          }
        return;
      }
      if (param->isPointer() != pointerTest ||
          (!param->isPointer() && param->dtype.front() != 'i' &&
           param->dtype.front() != 'u'))
        error = at("'" + name.name + "' is a " +
                   (param->isPointer() ? "pointer" : param->dtype) +
                   " parameter; heuristics read integer parameters, and "
                   "test pointers only with 'is None' / 'is not None'");
    });
    if (error)
      return error;
    std::vector<int64_t> values = h.values;
    if (values.empty()) {
      if (!isBooleanExpr(**parsed))
        return manifestError(
            where + ".values",
            "missing: '" + h.constexprName + " = " + h.expr +
                "' is an integer computed per call, not a boolean, so list "
                "every value it can take that was compiled (\"values\": "
                "[...])");
      values = {0, 1};
    }
    for (const Variant &variant : variants) {
      const Param *param = variant.findParam(h.constexprName);
      std::optional<int64_t> value = integerValue(param->value);
      if (!value || !llvm::is_contained(values, *value)) {
        std::vector<std::string> listed;
        for (int64_t v : values)
          listed.push_back(std::to_string(v));
        return makeError(
            variant.path + ": was compiled with " + h.constexprName + " = " +
            param->value + ", which is not a value " + manifest->path + ": " +
            where + " can take (" + llvm::join(listed, ", ") + ")");
      }
    }
    heuristicExprs.push_back(std::move(*parsed));
    heuristicValues.push_back(std::move(values));
  }
  if (heuristics.empty())
    return llvm::Error::success();

  // Every value a heuristic can take must be compiled, for each config,
  // architecture and specialization: else some calls would find no variant.
  size_t combinations = 1;
  for (const auto &values : heuristicValues) {
    combinations *= values.size();
    if (combinations > 4096)
      return manifestError("heuristics",
                           "more than 4096 combinations of heuristic values");
  }
  std::map<std::string, std::vector<std::vector<int64_t>>> groups;
  std::map<std::string, size_t> groupVariant;
  for (size_t k = 0; k < order.size(); ++k) {
    const Variant &v = variants[order[k]];
    std::string group = std::to_string(configOf[k]) + "/" + v.target.arch +
                        "/" + specializationKey(v);
    std::vector<int64_t> tuple;
    for (const ManifestHeuristic &h : heuristics)
      tuple.push_back(*integerValue(v.findParam(h.constexprName)->value));
    groups[group].push_back(std::move(tuple));
    groupVariant.emplace(group, order[k]);
  }
  for (const auto &[group, tuples] : groups) {
    if (tuples.size() == combinations)
      continue;
    for (size_t n = 0; n < combinations; ++n) {
      std::vector<int64_t> tuple;
      size_t rest = n;
      for (const auto &values : heuristicValues) {
        tuple.push_back(values[rest % values.size()]);
        rest /= values.size();
      }
      if (llvm::is_contained(tuples, tuple))
        continue;
      const Variant &v = variants[groupVariant[group]];
      std::vector<std::string> missing;
      for (size_t i = 0; i < heuristics.size(); ++i)
        missing.push_back(
            heuristics[i].constexprName + " = " +
            (isBooleanExpr(*heuristicExprs[i]) && tuple[i] >= 0 && tuple[i] <= 1
                 ? std::string(tuple[i] ? "True" : "False")
                 : std::to_string(tuple[i])));
      std::string spec = specializationKey(v);
      return manifestError(
          "heuristics",
          "no variant was compiled with " + llvm::join(missing, ", ") +
              " for the config, architecture (" + v.target.arch +
              ") and specialization of " + v.path +
              "; every value the heuristics can take must be compiled");
    }
  }
  return llvm::Error::success();
}

void Emitter::fillGlobals(TemplateValues &values) const {
  const Variant &first = variants.front();
  values.set("NAME", name);
  values.set("HEADER", headerInclude);
  values.set("KERNEL", first.kernel);
  std::string guard = "TKC_GENERATED_" + StringRef(name).upper() + "_H";
  values.set("GUARD", guard);

  std::vector<std::string> archs, threads;
  for (size_t i : order) {
    const Variant &v = variants[i];
    if (!llvm::is_contained(archs, v.target.arch))
      archs.push_back(v.target.arch);
    std::string t = std::to_string(v.threadsPerBlock());
    if (!llvm::is_contained(threads, t))
      threads.push_back(t);
  }
  values.declareList("sources");
  for (const Variant &v : variants)
    values.addItem("sources").set("SOURCE_FILE", v.fileName);
  values.set("ARCHS", llvm::join(archs, ", "));
  values.set("THREADS_DOC", llvm::join(threads, " or "));
  values.set("GRID", printGridExpr(*grid[0]) + ", " + printGridExpr(*grid[1]) +
                         ", " + printGridExpr(*grid[2]));

  std::string decl, call;
  std::vector<std::string> compiledIn;
  values.declareList("api_params");
  for (const ApiParam &api : apiParams) {
    const Param &p = *api.param;
    if (!api.passed) {
      compiledIn.push_back(p.name + " == 1");
      continue;
    }
    std::string type = p.cType();
    decl += ", " + type + (type.back() == '*' ? "" : " ") + api.cName;
    call += ", " + api.cName;
    // What each variant assumes about this argument.
    std::vector<std::string> facts;
    for (size_t i : order) {
      const Param *q = variants[i].findParam(p.name);
      std::string fact =
          q->equalToOne ? "== 1"
          : q->divisibility > 1
              ? (p.isPointer()
                     ? std::to_string(q->divisibility) + "-byte aligned"
                     : "% " + std::to_string(q->divisibility) + " == 0")
              : "";
      if (!fact.empty() && !llvm::is_contained(facts, fact))
        facts.push_back(fact);
    }
    std::string doc = p.isPointer() ? p.dtype + " pointer" : p.dtype;
    if (!facts.empty())
      doc += " (fastest when " + llvm::join(facts, ", or ") + ")";
    TemplateValues &item = values.addItem("api_params");
    item.set("PARAM_NAME", api.cName);
    item.set("PARAM_DOC", doc);
    item.set("PARAM_DECL", type + (type.back() == '*' ? "" : " ") + api.cName);
  }
  for (const Param &p : first.params) {
    if (!p.isConstexpr())
      continue;
    std::vector<std::string> perConfig;
    for (size_t c = 0; c + 1 < configBegin.size(); ++c) {
      // The vendors' variants of one config may bake in different values.
      std::vector<std::string> values;
      for (int k = configBegin[c]; k < configBegin[c + 1]; ++k) {
        const std::string &value = variants[order[k]].findParam(p.name)->value;
        if (!llvm::is_contained(values, value))
          values.push_back(value);
      }
      perConfig.push_back(llvm::join(values, " or "));
    }
    std::string text = p.name + " = " + perConfig.front();
    if (llvm::any_of(perConfig,
                     [&](const std::string &v) { return v != perConfig[0]; })) {
      text = p.name + " = ";
      for (size_t c = 0; c < perConfig.size(); ++c)
        text += (c ? ", " : "") + perConfig[c] + " (config " +
                std::to_string(c) + ")";
    }
    compiledIn.push_back(text);
  }
  values.set("COMPILED_IN",
             compiledIn.empty() ? "nothing" : llvm::join(compiledIn, ", "));
  values.declareList("heuristics");
  for (size_t i = 0; i < heuristicExprs.size(); ++i) {
    TemplateValues &item = values.addItem("heuristics");
    item.set("HEURISTIC_NAME", manifest->heuristics[i].constexprName);
    item.set("HEURISTIC_TEXT", printGridExpr(*heuristicExprs[i]));
  }
  values.set("PARAMS_DECL", decl);
  values.set("PARAMS_CALL", call);

  int maxGroup = 0;
  std::vector<std::string> begins;
  for (size_t c = 0; c < configBegin.size(); ++c) {
    begins.push_back(std::to_string(configBegin[c]));
    if (c + 1 < configBegin.size())
      maxGroup = std::max(maxGroup, configBegin[c + 1] - configBegin[c]);
  }
  values.set("NUM_VARIANTS", std::to_string(order.size()));
  values.set("NUM_CONFIGS", std::to_string(configBegin.size() - 1));
  values.set("CONFIG_BEGINS", llvm::join(begins, ", "));
  values.set("MAX_CONFIG_VARIANTS", std::to_string(maxGroup));
  bool cuda = llvm::any_of(
      variants, [](const Variant &v) { return v.target.backend == "cuda"; });
  bool hip = llvm::any_of(
      variants, [](const Variant &v) { return v.target.backend == "hip"; });
  values.set("BACKENDS", cuda && hip ? "TKC_BACKEND_CUDA | TKC_BACKEND_HIP"
                         : cuda      ? "TKC_BACKEND_CUDA"
                                     : "TKC_BACKEND_HIP");
}

/// The architecture a target string names ("cuda:90a" -> "sm_90a"); the
/// manifest reader has checked the spelling.
std::string archOfTarget(StringRef target) {
  llvm::Expected<tkc::metadata::TargetName> name =
      tkc::metadata::parseTargetName(target);
  if (!name) {
    llvm::consumeError(name.takeError());
    return target.str();
  }
  return name->arch;
}

/// `items` as a C initializer list, or `empty` when there are none.
std::string initializer(const std::vector<std::string> &items,
                        StringRef empty) {
  return items.empty() ? empty.str() : llvm::join(items, ", ");
}

llvm::Expected<const ApiParam *>
Emitter::integerParam(StringRef paramName, const llvm::Twine &where) const {
  const ApiParam *api = findApiParam(paramName);
  if (!api || api->param->isPointer() ||
      (api->param->dtype.front() != 'i' && api->param->dtype.front() != 'u')) {
    std::string integers;
    for (const ApiParam &p : apiParams)
      if (!p.param->isPointer() &&
          (p.param->dtype.front() == 'i' || p.param->dtype.front() == 'u'))
        integers += (integers.empty() ? "" : ", ") + p.param->name;
    return manifestError(
        where, "'" + paramName + "' is not an integer parameter of '" +
                   variants.front().kernel + "' (those are: " +
                   (integers.empty() ? "none" : integers) + ")");
  }
  if (!api->passed)
    return manifestError(where, "'" + paramName +
                                    "' is specialized as == 1 in every "
                                    "variant, so calls do not pass it");
  return api;
}

llvm::Error Emitter::fillKey(TemplateValues &values) const {
  std::vector<std::string> keyNames;
  values.declareList("keys");
  values.declareList("bounds");
  std::vector<std::string> key =
      manifest ? manifest->key : std::vector<std::string>();
  for (size_t k = 0; k < key.size(); ++k) {
    auto api = integerParam(key[k], "key[" + llvm::Twine(k) + "]");
    if (!api)
      return api.takeError();
    keyNames.push_back("\"" + key[k] + "\"");
    Bucketing bucketing;
    if (auto it = manifest->buckets.find(key[k]); it != manifest->buckets.end())
      bucketing = it->second;
    std::string operand = integerOperand(**api), expr;
    switch (bucketing.kind) {
    case Bucketing::Kind::Pow2:
      expr = "tkc_bucket_pow2(" + operand + ")";
      break;
    case Bucketing::Kind::Exact:
      expr = operand;
      break;
    case Bucketing::Kind::Bounds: {
      std::string array = name + "_bounds_" + std::to_string(k);
      std::vector<std::string> bounds;
      for (int64_t b : bucketing.bounds)
        bounds.push_back("INT64_C(" + std::to_string(b) + ")");
      TemplateValues &item = values.addItem("bounds");
      item.set("BOUNDS_NAME", array);
      item.set("BOUNDS_COUNT", std::to_string(bounds.size()));
      item.set("BOUNDS_VALUES", llvm::join(bounds, ", "));
      expr = "tkc_bucket_bounds(" + operand + ", " + array + ", " +
             std::to_string(bounds.size()) + ")";
      break;
    }
    }
    TemplateValues &item = values.addItem("keys");
    item.set("KEY_INDEX", std::to_string(k));
    item.set("BUCKET_EXPR", expr);
  }
  values.set("NUM_KEYS", std::to_string(key.size()));
  values.set("NUM_KEYS_OR_1", std::to_string(std::max<size_t>(key.size(), 1)));
  values.set("KEY_NAMES", initializer(keyNames, "NULL"));
  values.set("KEY_DOC", key.empty()
                            ? "it has no tuning key"
                            : "its tuning key: " + llvm::join(key, ", "));
  return llvm::Error::success();
}

llvm::Error Emitter::fillTuned(TemplateValues &values) const {
  std::vector<std::string> rows;
  values.declareList("tuned");
  if (manifest) {
    std::vector<std::string> targetArchs;
    for (const std::string &target : manifest->targets)
      targetArchs.push_back(archOfTarget(target));
    for (const TunedEntry &entry : manifest->tuned) {
      if (entry.kernel != name)
        continue; // Another kernel's entry in a shared tuned file.
      auto config =
          llvm::find_if(manifest->configs, [&](const ManifestConfig &c) {
            return c.name == entry.config;
          });
      if (config == manifest->configs.end())
        return manifestError(entry.where + ".config",
                             "no config is named \"" + entry.config + "\"");
      if (!llvm::is_contained(targetArchs, entry.arch))
        return manifestError(entry.where + ".arch",
                             "'" + entry.arch +
                                 "' is not one of the "
                                 "manifest's targets (" +
                                 llvm::join(targetArchs, ", ") + ")");
      std::vector<std::string> row;
      for (const std::string &keyName : manifest->key) {
        auto it = entry.key.find(keyName);
        if (it == entry.key.end())
          return manifestError(entry.where + ".key",
                               "missing key parameter '" + keyName + "'");
        row.push_back("INT64_C(" + std::to_string(it->second) + ")");
      }
      for (const auto &kv : entry.key)
        if (!llvm::is_contained(manifest->key, kv.first))
          return manifestError(entry.where + ".key." + kv.first,
                               "'" + kv.first + "' is not in key [" +
                                   llvm::join(manifest->key, ", ") + "]");
      // An entry for an arch or config this build leaves out cannot apply.
      int c = llvm::find(shippedConfigs,
                         static_cast<int>(config - manifest->configs.begin())) -
              shippedConfigs.begin();
      bool compiled = false;
      for (size_t k = 0; k < order.size(); ++k)
        compiled |=
            configOf[k] == c && variants[order[k]].target.arch == entry.arch;
      if (!compiled)
        continue;
      TemplateValues &item = values.addItem("tuned");
      item.set("TUNED_INDEX", std::to_string(rows.size()));
      item.set("TUNED_ARCH", entry.arch);
      item.set("TUNED_CONFIG", std::to_string(c));
      rows.push_back("{" + initializer(row, "0") + "}");
    }
  }
  values.set("NUM_TUNED", std::to_string(rows.size()));
  values.set("NUM_TUNED_OR_1",
             std::to_string(std::max<size_t>(rows.size(), 1)));
  values.set("TUNED_KEYS", initializer(rows, "{0}"));
  values.set("TUNED_EMPTY",
             rows.empty() ? "{NULL, " + name + "_tuned_keys[0], 0}" : "");
  return llvm::Error::success();
}

llvm::Error Emitter::fillRestore(TemplateValues &values) const {
  size_t count = 0;
  values.declareList("restore");
  if (manifest)
    for (const RestoreBuffer &buffer : manifest->restore) {
      const ApiParam *api = findApiParam(buffer.param);
      if (!api || !api->param->isPointer())
        return manifestError(buffer.where + ".param",
                             "'" + buffer.param +
                                 "' is not a pointer "
                                 "parameter of '" +
                                 variants.front().kernel + "'");
      auto parsed = parseGrid(buffer.bytes);
      if (!parsed)
        return manifestError(buffer.where + ".bytes",
                             "'" + buffer.bytes +
                                 "': " + llvm::toString(parsed.takeError()));
      if ((*parsed)[1]->kind != GridExpr::Kind::Integer ||
          (*parsed)[2]->kind != GridExpr::Kind::Integer ||
          buffer.bytes.find(',') != std::string::npos)
        return manifestError(buffer.where + ".bytes",
                             "expected one integer expression, got '" +
                                 buffer.bytes + "'");
      llvm::Error error = llvm::Error::success();
      forEachGridName(*(*parsed)[0], [&](const GridExpr &expr) {
        if (error)
          return;
        auto param = integerParam(expr.name, buffer.where + ".bytes");
        if (!param)
          error = param.takeError();
      });
      if (error)
        return error;
      std::string bytes = emitGridC(
          *(*parsed)[0],
          [&](const GridExpr &expr) {
            return integerOperand(*findApiParam(expr.name));
          },
          "tkc_ret");
      TemplateValues &item = values.addItem("restore");
      item.set("RESTORE_INDEX", std::to_string(count++));
      item.set("RESTORE_POINTER", api->cName);
      item.set("RESTORE_BYTES", bytes);
    }
  values.set("NUM_RESTORE", std::to_string(count));
  values.set("NUM_RESTORE_OR_1", std::to_string(std::max<size_t>(count, 1)));
  return llvm::Error::success();
}

std::string Emitter::unsafeExpression() const {
  auto restored = [&](const ApiParam &api) {
    return manifest &&
           llvm::any_of(manifest->restore, [&](const RestoreBuffer &b) {
             return b.param == api.param->name;
           });
  };
  // How the kernel may use each pointer, across all variants.
  auto mayWrite = [&](const ApiParam &api) {
    return llvm::any_of(variants, [&](const Variant &v) {
      return v.findParam(api.param->name)->mayWrite();
    });
  };
  auto mayRead = [&](const ApiParam &api) {
    return llvm::any_of(variants, [&](const Variant &v) {
      return v.findParam(api.param->name)->mayRead();
    });
  };
  std::string expr;
  for (const ApiParam &p : apiParams) {
    if (!p.passed || !p.param->isPointer() || restored(p) || !mayWrite(p))
      continue;
    if (mayRead(p))
      return "\"" + p.param->name +
             " is read and written by the kernel and not restored (see the "
             "manifest's restore)\"";
    for (const ApiParam &q : apiParams)
      if (&q != &p && q.passed && q.param->isPointer() && mayRead(q))
        expr += p.cName + " == " + q.cName + " ? \"" + p.param->name +
                " (written) and " + q.param->name +
                " (read) are the same buffer\" : ";
  }
  return expr + "NULL";
}

llvm::Error Emitter::fillTuning(TemplateValues &values) const {
  std::vector<std::string> configNames;
  for (size_t c = 0; c + 1 < configBegin.size(); ++c)
    configNames.push_back("\"" +
                          (manifest ? manifest->configs[shippedConfigs[c]].name
                                    : "c" + std::to_string(c)) +
                          "\"");
  values.set("CONFIG_NAMES", llvm::join(configNames, ", "));
  std::vector<std::string> configDoc;
  for (size_t c = 0; c < configNames.size(); ++c)
    configDoc.push_back(std::to_string(c) + " " + configNames[c]);
  values.set("CONFIG_DOC", llvm::join(configDoc, ", "));
  values.set("AUTOTUNE", !manifest || manifest->autotune ? "1" : "0");
  values.set("UNSAFE", unsafeExpression());
  std::string fromCall;
  for (const ApiParam &api : apiParams)
    if (api.passed)
      fromCall += ", tkc_args->" + api.cName;
  values.set("PARAMS_FROM_CALL", fromCall);
  if (llvm::Error error = fillKey(values))
    return error;
  if (llvm::Error error = fillTuned(values))
    return error;
  return fillRestore(values);
}

llvm::Expected<GeneratedLauncher> Emitter::run() {
  if (!isCIdentifier(name) || isReservedInC(name))
    return makeError("--name '" + name +
                     "' must be a C identifier that is not reserved");
  if (variants.empty())
    return makeError("no metadata files given");
  auto parsed = parseGrid(gridText);
  if (!parsed)
    return makeError("--grid '" + gridText +
                     "': " + llvm::toString(parsed.takeError()));
  grid = std::move(*parsed);
  if (llvm::Error error = checkSameKernel())
    return error;
  if (manifest && manifest->kernel != variants.front().kernel)
    return makeError(manifest->path + ": kernel: \"" + manifest->kernel +
                     "\", but " + variants.front().path + " compiled '" +
                     variants.front().kernel + "'");
  nameParams();
  // The heuristics' constexprs tell variants of one config apart.
  if (manifest)
    for (const ManifestHeuristic &h : manifest->heuristics) {
      const Param *target = variants.front().findParam(h.constexprName);
      if (!target || !target->isConstexpr())
        return manifestError(
            h.where + (h.origin.empty() ? "" : " (" + h.origin + ")") +
                ".constexpr",
            "'" + h.constexprName + "' is not a constexpr of '" +
                variants.front().kernel + "'");
    }
  if (llvm::Error error = orderVariants())
    return error;
  if (llvm::Error error = checkGridNames())
    return error;
  if (llvm::Error error = checkHeuristics())
    return error;

  TemplateValues values;
  fillGlobals(values);
  if (llvm::Error error = fillTuning(values))
    return std::move(error);
  values.declareList("variants");
  for (size_t k = 0; k < order.size(); ++k)
    if (llvm::Error error =
            fillVariant(variants[order[k]], static_cast<int>(k), configOf[k],
                        values.addItem("variants")))
      return error;

  // The binaries, as arrays or compressed in packs (BlobPacks.h).
  std::vector<const Variant *> emitted, given;
  for (size_t k : order)
    emitted.push_back(&variants[k]);
  for (const Variant &variant : variants)
    given.push_back(&variant);
  std::vector<BlobPack> packs;
  if (blobs.compress) {
    llvm::Expected<std::vector<BlobPack>> packed =
        packBlobs(emitted, blobs.maxPackBytes);
    if (!packed)
      return packed.takeError();
    packs = std::move(*packed);
  }
  fillBlobValues(name, emitted, packs, blobs.compress, values.lists["variants"],
                 values);

  GeneratedLauncher out;
  auto header =
      renderTemplate("kernel.h.in", StringRef(kKernelHeaderTemplate), values);
  if (!header)
    return header.takeError();
  auto source =
      renderTemplate("kernel.c.in", StringRef(kKernelSourceTemplate), values);
  if (!source)
    return source.takeError();
  out.header = std::move(*header);
  out.source = std::move(*source);
  out.report = formatVariantsReport(name, given, packs);
  return out;
}

} // namespace

llvm::Expected<GeneratedLauncher> tkc::launcher::generateLauncher(
    StringRef name, StringRef grid, std::vector<Variant> variants,
    StringRef headerInclude, const Manifest *manifest,
    const BlobOptions &blobs) {
  return Emitter(name, grid, std::move(variants), headerInclude, manifest,
                 blobs)
      .run();
}
