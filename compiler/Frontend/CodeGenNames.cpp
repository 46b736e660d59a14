//===- CodeGenNames.cpp - Globals, imports and module attributes ----------===//
//
// Name lookup beyond a function's locals: module globals (evaluated once per
// module, at compile time, with cycles reported), @jit functions, `import`
// and `from ... import` bindings (Imports.cpp resolves them), the Python
// builtins a kernel may call, and the attributes of the triton and
// triton.language modules (dtypes, the `tl` functions of Builtins.h and of
// tkc's Triton-language library, Library.h) and of the libdevice modules
// under triton.language.extra.
// Also the test for `tl.constexpr` annotations.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/CodeGenImpl.h"
#include "compiler/Frontend/Library.h"
#include "compiler/Frontend/Parser.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>

namespace tkc::frontend {

using Kind = Obj::Kind;

bool isTritonModule(llvm::StringRef path) {
  return llvm::is_contained(
      {"triton", "triton.language", "triton.language.math",
       "triton.language.core", "triton.language.standard",
       "triton.language.random", "triton.language.extra",
       "triton.language.extra.libdevice", "triton.language.extra.cuda",
       "triton.language.extra.cuda.libdevice", "triton.language.extra.hip",
       "triton.language.extra.hip.libdevice", "triton.language.target_info"},
      path);
}

/// The last component of an annotation or decorator: `tl.constexpr` ->
/// "constexpr", `triton.autotune(...)` -> "autotune".
static std::string lastName(const Expr &e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return n->id;
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    return a->attr;
  if (auto *c = llvm::dyn_cast<CallExpr>(&e))
    return lastName(*c->callee);
  return "";
}

bool isConstexprAnnotation(const Expr *annotation) {
  return annotation && lastName(*annotation) == "constexpr";
}

bool isConstexprFunction(const FunctionDef &fn) {
  return llvm::any_of(fn.decorators, [](const ExprPtr &d) {
    std::string name = lastName(*d);
    return name == "constexpr" || name == "constexpr_function";
  });
}

/// `torch.finfo(dtype).attr` or `torch.iinfo(dtype).attr`, as torch gives
/// them; an error message for attributes tkc does not know and for values a
/// constexpr int cannot hold.
static llvm::Expected<Obj> numericLimit(const DType &dtype,
                                        llvm::StringRef attr) {
  auto unknown = [&] {
    return llvm::createStringError(
        "not known to tkc (it knows min, max, bits and, for floats, eps and "
        "tiny)");
  };
  unsigned bits = dtype.getBitWidth();
  if (attr == "bits")
    return Obj::integer(bits);
  if (dtype.isInt()) {
    bool isSigned = dtype.isSigned();
    if (attr == "max") {
      if (!isSigned && bits == 64)
        return llvm::createStringError(
            "2**64 - 1 does not fit tkc's 64-bit constexpr ints");
      return Obj::integer(isSigned ? llvm::maxIntN(bits)
                                   : int64_t(llvm::maxUIntN(bits)));
    }
    if (attr == "min")
      return Obj::integer(isSigned ? llvm::minIntN(bits) : 0);
    return unknown();
  }
  // Floats: from their formats' significand and exponent widths.
  const llvm::fltSemantics *semantics = nullptr;
  switch (dtype.getKind()) {
  case DType::Kind::FP16:
    semantics = &llvm::APFloat::IEEEhalf();
    break;
  case DType::Kind::BF16:
    semantics = &llvm::APFloat::BFloat();
    break;
  case DType::Kind::FP32:
    semantics = &llvm::APFloat::IEEEsingle();
    break;
  case DType::Kind::FP64:
    semantics = &llvm::APFloat::IEEEdouble();
    break;
  default:
    return llvm::createStringError(dtype.str() +
                                   " limits are not supported by tkc");
  }
  auto toDouble = [](llvm::APFloat f) {
    bool lost;
    f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
              &lost);
    return f.convertToDouble();
  };
  if (attr == "max")
    return Obj::floating(toDouble(llvm::APFloat::getLargest(*semantics)));
  if (attr == "min")
    return Obj::floating(
        toDouble(llvm::APFloat::getLargest(*semantics, /*Negative=*/true)));
  if (attr == "tiny")
    return Obj::floating(
        toDouble(llvm::APFloat::getSmallestNormalized(*semantics)));
  if (attr == "eps")
    return Obj::floating(std::ldexp(
        1.0,
        1 - static_cast<int>(llvm::APFloat::semanticsPrecision(*semantics))));
  return unknown();
}

/// What of torch tkc evaluates, for its errors.
static constexpr const char *kTorchSupported =
    "(it evaluates torch's dtypes, torch.finfo, torch.iinfo, "
    "torch.version.hip and .cuda, and torch.cuda.is_available())";

std::optional<Obj> CodeGen::moduleAttribute(const Obj &mod,
                                            llvm::StringRef attr, Loc l) {
  if (mod.module)
    return userModuleAttribute(mod, attr, l);
  std::string path = mod.str + "." + attr.str();
  if (isTritonModule(path))
    return Obj::named(Kind::Module, path);
  llvm::StringRef base = mod.str;
  if (base == "triton") {
    if (attr == "cdiv")
      return Obj::named(Kind::Builtin, "tl.cdiv");
    if (attr == "next_power_of_2")
      return Obj::named(Kind::Builtin, "triton.next_power_of_2");
    if (llvm::is_contained({"jit", "autotune", "heuristics", "Config"}, attr))
      return Obj::named(Kind::Builtin, "triton." + attr.str());
  } else if (base == "torch") {
    // Only what module-level constants and vendor tests use: dtypes, finfo
    // and iinfo, torch.version and torch.cuda.is_available().
    if (attr == "finfo" || attr == "iinfo")
      return Obj::named(Kind::Builtin, "torch." + attr.str());
    if (attr == "version" || attr == "cuda")
      return Obj::named(Kind::Module, path);
    if (attr == "bool")
      return Obj::dtypeObj(DType(DType::Kind::I1));
    if (auto dtype = DType::fromLanguageName(attr))
      return Obj::dtypeObj(*dtype);
    diags.error(l,
                "torch." + attr + " cannot be used by tkc " + kTorchSupported);
    return std::nullopt;
  } else if (base == "torch.version" && (attr == "hip" || attr == "cuda")) {
    // The vendor's toolkit version where the target is that vendor's, else
    // None, as the torch built for it says; the version is the oldest tkc
    // targets (a code that parses it gets a version, not the user's).
    if (vendor != (attr == "hip" ? "hip" : "cuda"))
      return Obj::none();
    return Obj::string(attr == "hip" ? "6.0" : "12.0");
  } else if (path == "torch.cuda.is_available") {
    return Obj::named(Kind::Builtin, path);
  } else if (base == "torch.version" || base == "torch.cuda") {
    diags.error(l, path + " cannot be used by tkc " + kTorchSupported);
    return std::nullopt;
  } else if (base == "math") {
    // Python's math module on compile-time numbers.
    if (auto constant = llvm::StringSwitch<std::optional<double>>(attr)
                            .Case("pi", M_PI)
                            .Case("e", M_E)
                            .Case("tau", 2 * M_PI)
                            .Case("inf", INFINITY)
                            .Case("nan", NAN)
                            .Default(std::nullopt))
      return Obj::floating(*constant);
    if (isMathFunction(attr))
      return Obj::named(Kind::Builtin, "math." + attr.str());
    diags.error(l, "math." + attr +
                       " is not supported by tkc (it evaluates "
                       "math's constants and its functions of "
                       "numbers: sqrt, exp, log, ceil, ...)");
    return std::nullopt;
  } else if (base == "torch.finfo" || base == "torch.iinfo") {
    llvm::Expected<Obj> value = numericLimit(mod.dtype, attr);
    if (value)
      return *value;
    diags.error(l, base + "(" + mod.dtype.str() + ")." + attr + ": " +
                       llvm::toString(value.takeError()));
    return std::nullopt;
  } else if (base == "importlib" || base == "importlib.util") {
    // What helpers that import a module by name call (xformers'
    // libdevice_find): importlib.import_module, and find_spec,
    // module_from_spec and the spec's loader (kImportlibSpec).
    if (base == "importlib" && attr == "util")
      return Obj::named(Kind::Module, path);
    if (llvm::is_contained({"importlib.import_module",
                            "importlib.util.find_spec",
                            "importlib.util.module_from_spec"},
                           path))
      return Obj::named(Kind::Builtin, path);
    diags.error(l, path + " cannot be used by tkc (of importlib it "
                          "evaluates import_module, util.find_spec and "
                          "util.module_from_spec, for Triton's modules)");
    return std::nullopt;
  } else if (base == kImportlibSpec) {
    // A module's spec (importlib.util.find_spec): its name, and a loader
    // whose exec_module does nothing (tkc's modules need no running).
    if (attr == "name")
      return Obj::string(mod.elems.front().str);
    if (attr == "loader")
      return Obj::named(Kind::Module, kImportlibLoader.str());
  } else if (base == kImportlibLoader && attr == "exec_module") {
    return Obj::named(Kind::Builtin, path);
  } else if (base.ends_with(".libdevice")) {
    // triton.language.extra[.cuda|.hip].libdevice: the math library.
    if (isLibdeviceFunction(attr))
      return Obj::named(Kind::Builtin, "libdevice." + attr.str());
    diags.error(l, "tkc knows no libdevice." + attr +
                       " (it has every function of Triton 3.6's libdevice)");
    return std::nullopt;
  } else if (base == "triton.language.extra.cuda" &&
             llvm::is_contained({"num_threads", "num_warps", "smid",
                                 "globaltimer", "gdc_wait",
                                 "gdc_launch_dependents"},
                                attr)) {
    // The launch's sizes, known when the kernel is compiled, NVIDIA's
    // special registers and grid dependency controls.
    return Obj::named(Kind::Builtin, "cuda." + attr.str());
  } else if (base == "triton.language.target_info" &&
             llvm::is_contained({"is_cuda", "is_hip", "cuda_capability_geq",
                                 "is_hip_cdna3", "is_hip_cdna4"},
                                attr)) {
    // Questions about the target compiled for, answered when it is known.
    return Obj::named(Kind::Builtin, "target_info." + attr.str());
  } else if (base.ends_with(".PropagateNan")) {
    // Triton's enum: ALL (0xFFFF) propagates a NaN operand of
    // tl.maximum/minimum/clamp, NONE (0) does not.
    if (attr == "ALL")
      return Obj::integer(0xFFFF);
    if (attr == "NONE")
      return Obj::integer(0);
  } else if (base.starts_with("triton.language")) {
    if (attr == "PropagateNan" &&
        (base == "triton.language" || base == "triton.language.core"))
      return Obj::named(Kind::Module, path);
    if (auto dtype = DType::fromLanguageName(attr))
      return Obj::dtypeObj(*dtype);
    if (isLanguageBuiltin(attr))
      return Obj::named(Kind::Builtin, "tl." + attr.str());
    if (auto function = libraryFunction(attr, /*method=*/false))
      return function;
    // Before Triton 3, triton.language.math held the libdevice functions.
    if (base == "triton.language.math" && isLibdeviceFunction(attr))
      return Obj::named(Kind::Builtin, "libdevice." + attr.str());
    if (isUnsupportedLanguageFeature(attr)) {
      diags.error(l, "tl." + attr + " is not supported by tkc yet");
      return std::nullopt;
    }
  } else {
    diags.error(l, "module '" + mod.str + "' cannot be used inside a kernel");
    return std::nullopt;
  }
  diags.error(l, "module '" + mod.str + "' has no attribute '" + attr + "'");
  return std::nullopt;
}

std::optional<bool> tritonModuleHasAttribute(llvm::StringRef module,
                                             llvm::StringRef name) {
  if (isTritonModule((module + "." + name).str()))
    return true;
  if (module == "triton")
    return llvm::is_contained({"jit",
                               "autotune",
                               "heuristics",
                               "Config",
                               "cdiv",
                               "next_power_of_2",
                               "set_allocator",
                               "constexpr_function",
                               "compile",
                               "knobs",
                               "reinterpret",
                               "JITFunction",
                               "KernelInterface",
                               "TensorWrapper",
                               "OutOfResources",
                               "CompilationError",
                               "TritonError",
                               "InterpreterError",
                               "MockTensor",
                               "must_use_result"},
                              name);
  if (module.ends_with(".libdevice"))
    return isLibdeviceFunction(name);
  if (module == "triton.language" || module == "triton.language.core")
    return name == "PropagateNan" ||
           DType::fromLanguageName(name).has_value() ||
           isLanguageBuiltin(name) || isLibraryFunction(name, false) ||
           isUnsupportedLanguageFeature(name);
  return std::nullopt;
}

std::optional<Obj> CodeGen::libraryFunction(llvm::StringRef name, bool method) {
  if (!isLibraryFunction(name, method))
    return std::nullopt;
  if (!libraryModule) {
    llvm::SourceMgr &sm = diags.getSourceMgr();
    unsigned buffer = sm.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(librarySource(), kLibraryFileName),
        llvm::SMLoc());
    libraryModule = parseModule(buffer, diags);
    if (!libraryModule)
      return std::nullopt;
  }
  const FunctionDef *function = libraryModule->findFunction(name);
  assert(function && "the library lacks a function it lists");
  Obj f;
  f.kind = Kind::Function;
  f.function = function;
  f.module = libraryModule.get();
  return f;
}

std::optional<Obj> CodeGen::lookupGlobal(const Module &home,
                                         llvm::StringRef name, Loc useLoc) {
  std::pair<const Module *, std::string> key(&home, name.str());
  auto cached = globalCache.find(key);
  if (cached != globalCache.end())
    return cached->second;
  // Inside the name's own assignment: the binding before it.
  auto evaluating = evaluatingGlobals.find(key);
  if (evaluating != evaluatingGlobals.end())
    return bindingOf(home, name, useLoc, evaluating->second);
  std::optional<Obj> result =
      bindingOf(home, name, useLoc, home.globals.size());
  if (result)
    globalCache[key] = *result;
  return result;
}

/// Whether `value`, assigned to global `name`, calls a host function of
/// `home` (a plain def) on `name` itself: `shim = patch(shim, ...)`, code
/// that adjusts a binding tkc has and that it does not run.
static bool patchesItself(const Module &home, llvm::StringRef name,
                          const Expr *value) {
  auto *call = llvm::dyn_cast_or_null<CallExpr>(value);
  auto *callee = call ? llvm::dyn_cast<NameExpr>(call->callee.get()) : nullptr;
  const FunctionDef *function =
      callee ? home.findFunction(callee->id) : nullptr;
  if (!function || function->isJit)
    return false;
  return llvm::any_of(call->args, [&](const ExprPtr &arg) {
    auto *n = llvm::dyn_cast<NameExpr>(arg.get());
    return n && n->id == name;
  });
}

std::optional<Obj> CodeGen::bindingOf(const Module &home, llvm::StringRef name,
                                      Loc useLoc, size_t assignments) {
  std::pair<const Module *, std::string> key(&home, name.str());
  // Later definitions win, as when Python runs the module.
  size_t index = assignments;
  for (size_t i = 0; i < assignments; ++i)
    if (home.globals[i].name == name)
      index = i;
  const GlobalAssign *assign =
      index < assignments ? &home.globals[index] : nullptr;
  const FunctionDef *function = home.findFunction(name);
  const ImportBinding *import = nullptr;
  for (const ImportBinding &b : home.imports)
    if (b.name == name)
      import = &b;

  if (function) {
    Obj f;
    f.kind = Kind::Function;
    f.function = function;
    f.module = &home;
    return f;
  }
  if (assign) {
    if (!assign->value) {
      diags.error(useLoc, "global '" + name +
                              "' is host code that tkc cannot evaluate");
      diags.note(assign->loc, "'" + name + "' is assigned here");
      return std::nullopt;
    }
    if (patchesItself(home, name, assign->value.get())) {
      diags.note(assign->loc,
                 "tkc keeps '" + name +
                     "' as bound before this host code, which it does not run");
      return bindingOf(home, name, useLoc, index);
    }
    // While the right-hand side is evaluated, the name is its binding
    // before this assignment (restored after: an earlier assignment may be
    // under evaluation too, `x = x + 1` on `x = 1`).
    std::optional<size_t> outer;
    if (auto it = evaluatingGlobals.find(key); it != evaluatingGlobals.end())
      outer = it->second;
    evaluatingGlobals[key] = index;
    static const FunctionDef moduleScope(Loc{});
    FunctionGen gen(*this, moduleScope, home);
    gen.host = true;
    std::optional<Obj> result = gen.eval(*assign->value);
    if (outer)
      evaluatingGlobals[key] = *outer;
    else
      evaluatingGlobals.erase(key);
    if (!result)
      return std::nullopt;
    if (!result->isConstexpr()) {
      diags.error(assign->loc,
                  "global '" + name + "' must be a compile-time constant");
      return std::nullopt;
    }
    return result;
  }
  if (import)
    return resolveImport(home, *import, useLoc);
  if (std::optional<Obj> source = starImportSource(home, name, 0))
    return starImported(*source, name, useLoc);
  if (isPythonBuiltin(name))
    return Obj::named(Kind::Builtin, "builtins." + name.str());
  diags.error(useLoc, "name '" + name + "' is not defined");
  return std::nullopt;
}

} // namespace tkc::frontend
