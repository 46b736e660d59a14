//===- LauncherEmitter.cpp - Metadata to the generated C pair -------------===//
//
// Checks that the variants describe one kernel (same parameters), groups them
// into configs (same constexprs, num_warps and num_stages) and orders each
// group most specialized first, resolves the grid's names per variant, and
// fills the C templates embedded from templates/*.in.
//
//===----------------------------------------------------------------------===//
#include "launcher_gen/LauncherEmitter.h"

#include "launcher_gen/GridExpr.h"
#include "launcher_gen/Template.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
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
          StringRef headerInclude)
      : name(name), gridText(gridText), variants(std::move(variants)),
        headerInclude(headerInclude.empty() ? (name + ".h").str()
                                            : headerInclude.str()) {}

  llvm::Expected<GeneratedLauncher> run();

private:
  llvm::Error checkSameKernel();
  void nameParams();
  llvm::Error orderVariants();
  llvm::Error checkGridNames();
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
  Grid grid;
  std::vector<ApiParam> apiParams;
  /// Variant indices in emission order, and each config's first index.
  std::vector<size_t> order;
  std::vector<int> configOf;
  std::vector<int> configBegin;
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
          a.cType != b.cType)
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
                    std::to_string(variant.numStages);
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

llvm::Error Emitter::orderVariants() {
  // Configs are numbered per vendor, in command-line order: config c is the
  // c-th distinct config of the CUDA variants together with the c-th of the
  // HIP variants (the two vendors are usually tuned differently).
  std::map<std::string, std::vector<std::string>> keysByBackend;
  std::vector<int> config(variants.size());
  size_t numConfigs = 0;
  for (size_t i = 0; i < variants.size(); ++i) {
    std::vector<std::string> &keys = keysByBackend[variants[i].backend];
    std::string key = configKey(variants[i]);
    auto found = llvm::find(keys, key);
    config[i] = found - keys.begin();
    if (found == keys.end())
      keys.push_back(key);
    numConfigs = std::max(numConfigs, keys.size());
    for (size_t j = 0; j < i; ++j)
      if (config[j] == config[i] && variants[j].arch == variants[i].arch &&
          specializationKey(variants[j]) == specializationKey(variants[i]))
        return makeError(variants[i].path + ": same architecture (" +
                         variants[i].arch + "), config and specialization as " +
                         variants[j].path);
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

/// Parses a constexpr's value as a grid integer.
std::optional<int64_t> integerValue(StringRef text) {
  text = text.trim();
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

/// Formats `bytes` as C initializer lines of 12 bytes each.
std::string formatBytes(const std::vector<uint8_t> &bytes) {
  std::string out;
  out.reserve(bytes.size() * 6 + bytes.size() / 2);
  static const char hex[] = "0123456789abcdef";
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i % 12 == 0) {
      if (i)
        out += "\n";
      out += "    ";
    } else {
      out += " ";
    }
    out += "0x";
    out += hex[bytes[i] >> 4];
    out += hex[bytes[i] & 15];
    if (i + 1 < bytes.size())
      out += ",";
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
  values.set("ARCH", variant.arch);
  values.set("SOURCE", variant.fileName);
  values.set("SIZE", std::to_string(variant.binary.size()));
  values.set("SHA256", variant.sha256);
  values.set("BYTES", formatBytes(variant.binary));
  values.set("BACKEND", variant.backend == "cuda" ? "TKC_BACKEND_CUDA"
                                                  : "TKC_BACKEND_HIP");
  values.set("ARCH_MAJOR", std::to_string(variant.archMajor));
  values.set("ARCH_MINOR", std::to_string(variant.archMinor));
  values.set("ARCH_SPECIFIC", variant.archSpecific ? "1" : "0");
  values.set("ENTRY", variant.entry);
  values.set("THREADS", std::to_string(variant.threadsPerBlock));
  values.set("SHARED", std::to_string(variant.sharedBytes));
  std::string spec;
  values.set("CHECKS", checksOf(variant, spec));
  values.set("SPEC", spec);
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

  auto operand = [&](const GridExpr &expr) -> std::string {
    const Param *param = variant.findParam(expr.name);
    if (param->isConstexpr())
      return "INT64_C(" + std::to_string(*integerValue(param->value)) + ")";
    const ApiParam *api = findApiParam(expr.name);
    if (!api->passed)
      return "INT64_C(1)";
    if (param->dtype == "u64")
      return "tkc_grid_u64(&tkc_ret, " + api->cName + ")";
    return "(int64_t)" + api->cName;
  };
  for (int d = 0; d < 3; ++d)
    values.set(std::string("GRID_") + kDims[d],
               emitGridC(*grid[d], operand, "tkc_ret"));
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
    if (!llvm::is_contained(archs, v.arch))
      archs.push_back(v.arch);
    std::string t = std::to_string(v.threadsPerBlock);
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
    std::string type = p.cType;
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
      variants, [](const Variant &v) { return v.backend == "cuda"; });
  bool hip = llvm::any_of(variants,
                          [](const Variant &v) { return v.backend == "hip"; });
  values.set("BACKENDS", cuda && hip ? "TKC_BACKEND_CUDA | TKC_BACKEND_HIP"
                         : cuda      ? "TKC_BACKEND_CUDA"
                                     : "TKC_BACKEND_HIP");
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
  nameParams();
  if (llvm::Error error = orderVariants())
    return error;
  if (llvm::Error error = checkGridNames())
    return error;

  TemplateValues values;
  fillGlobals(values);
  values.declareList("variants");
  for (size_t k = 0; k < order.size(); ++k)
    if (llvm::Error error =
            fillVariant(variants[order[k]], static_cast<int>(k), configOf[k],
                        values.addItem("variants")))
      return error;

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
  return out;
}

} // namespace

llvm::Expected<GeneratedLauncher>
tkc::launcher::generateLauncher(StringRef name, StringRef grid,
                                std::vector<Variant> variants,
                                StringRef headerInclude) {
  return Emitter(name, grid, std::move(variants), headerInclude).run();
}
