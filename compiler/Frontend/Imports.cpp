//===- Imports.cpp - Modules of the kernel's own libraries ----------------===//
//
// Kernel libraries split their code over modules: FlagGems calls
// `tle.program_id` from `flag_gems.utils.triton_lang_extension`, vLLM
// imports `tl` through `vllm.triton_utils`. tkc finds such modules as Python
// would, on import roots (the kernel file's directory, the root of the
// package that holds it, then --import-path directories), parses each once
// into the kernel's SourceMgr, and evaluates their names lazily like the
// kernel file's own. Relative imports resolve against the importing module's
// package. A module that is not found is an error at the name's use, except
// that `triton`, `tl` (or `language`) and `libdevice` (or `tldevice`)
// imported from one are taken to be Triton's modules, as kernel libraries
// re-export them (vLLM's `from vllm.triton_utils import tl, triton`), with a
// note at the import. When the library's source is found, its shim is
// followed instead: its module-level `if HAS_TRITON:` / `try:` takes the
// branch that imports triton (Parser.cpp).
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/CodeGenImpl.h"
#include "compiler/Frontend/InductorHelpers.h"
#include "compiler/Frontend/Parser.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <mutex>

namespace tkc::frontend {

using Kind = Obj::Kind;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

void CodeGen::setImportPaths(llvm::ArrayRef<std::string> paths) {
  // The kernel file's directory, as sys.path[0] for a script; then, if the
  // file is in a package, the directory above its outermost __init__.py.
  llvm::SmallString<256> dir(module.path);
  path::remove_filename(dir);
  if (dir.empty())
    dir = ".";
  importRoots.push_back(std::string(dir));
  // The walk up to the package root goes by absolute paths (a kernel named
  // `kernel.py`, in the current directory, may be inside a package).
  if (path::is_relative(dir) &&
      llvm::any_of(
          llvm::make_range(path::begin(dir), path::end(dir)),
          [](llvm::StringRef part) { return part == "." || part == ".."; })) {
    fs::make_absolute(dir);
    path::remove_dots(dir, /*remove_dot_dot=*/true);
  }
  std::string dotted = path::stem(module.path).str();
  bool inPackage = false;
  // A directory with a name a dotted path can take.
  auto isNamed = [](llvm::StringRef d) {
    llvm::StringRef name = path::filename(d);
    return !name.empty() && name != "." && name != "..";
  };
  auto isPackageDir = [&](llvm::StringRef d) {
    llvm::SmallString<256> init(d);
    path::append(init, "__init__.py");
    return isNamed(d) && fs::exists(init);
  };
  // A directory without __init__.py inside a package is a namespace portion
  // of it (PEP 420; vLLM's triton_kernels/*_details): up to three such
  // levels below a package are part of its dotted names.
  auto inNamespacePortion = [&](llvm::StringRef d) {
    if (!isNamed(d))
      return false;
    llvm::SmallString<256> up(d);
    for (int level = 0; level < 3; ++level) {
      path::remove_filename(up);
      if (up.empty())
        return false;
      if (isPackageDir(up))
        return true;
    }
    return false;
  };
  while (true) {
    llvm::StringRef name = path::filename(dir);
    if (!isPackageDir(dir) && !inNamespacePortion(dir))
      break;
    dotted = name.str() + "." + dotted;
    inPackage = true;
    path::remove_filename(dir);
    if (dir.empty())
      dir = ".";
  }
  if (inPackage) {
    importRoots.push_back(std::string(dir));
    moduleNames[&module] = {dotted, false};
  }
  importRoots.insert(importRoots.end(), paths.begin(), paths.end());
}

const Module *CodeGen::findModule(llvm::StringRef dotted) {
  auto [it, inserted] = importedModules.try_emplace(dotted.str());
  if (!inserted)
    return it->second.get();
  if (isInductorHelpersModule(dotted)) {
    unsigned id = diags.getSourceMgr().AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(inductorHelpersSource(),
                                         kInductorHelpersFileName),
        llvm::SMLoc());
    it->second = parseModule(id, diags, vendor, tritonModuleHasAttribute);
    if (it->second)
      moduleNames[it->second.get()] = {dotted.str(), false};
    return it->second.get();
  }
  llvm::SmallString<256> relative;
  for (llvm::StringRef part : llvm::split(dotted, '.'))
    path::append(relative, part);
  for (const std::string &root : importRoots) {
    llvm::SmallString<256> base(root);
    path::append(base, relative);
    llvm::SmallString<256> file(base), init(base);
    file += ".py";
    path::append(init, "__init__.py");
    bool isPackage = !fs::is_regular_file(file) && fs::is_regular_file(init);
    if (!fs::is_regular_file(file) && !isPackage) {
      if (!fs::is_directory(base))
        continue;
      // A directory without __init__.py: a namespace package, which defines
      // nothing itself but holds submodules.
      it->second = std::make_unique<Module>();
      it->second->path = std::string(base);
      moduleNames[it->second.get()] = {dotted.str(), true};
      return it->second.get();
    }
    llvm::StringRef name = isPackage ? init.str() : file.str();
    auto buffer = llvm::MemoryBuffer::getFile(name);
    if (!buffer) {
      diags.error(Loc(),
                  "cannot read '" + name + "': " + buffer.getError().message());
      return nullptr;
    }
    unsigned id =
        diags.getSourceMgr().AddNewSourceBuffer(std::move(*buffer), Loc());
    it->second = parseModule(id, diags, vendor, tritonModuleHasAttribute);
    if (it->second)
      moduleNames[it->second.get()] = {dotted.str(), isPackage};
    return it->second.get();
  }
  return nullptr;
}

/// Whether `m` binds `name` at module level.
static bool definesName(const Module &m, llvm::StringRef name) {
  return m.findFunction(name) ||
         llvm::any_of(m.globals,
                      [&](const GlobalAssign &g) { return g.name == name; }) ||
         llvm::any_of(m.imports,
                      [&](const ImportBinding &b) { return b.name == name; });
}

/// Whether `from m import *` binds `name`: the names m's `__all__` lists
/// where it is a list or tuple of strings, else those not starting with "_".
static bool exportsName(const Module &m, llvm::StringRef name) {
  const Expr *all = nullptr;
  for (const GlobalAssign &g : m.globals)
    if (g.name == "__all__")
      all = g.value.get();
  const std::vector<ExprPtr> *listed = nullptr;
  if (auto *list = llvm::dyn_cast_or_null<ListExpr>(all))
    listed = &list->elts;
  else if (auto *tuple = llvm::dyn_cast_or_null<TupleExpr>(all))
    listed = &tuple->elts;
  if (!listed)
    return !name.starts_with("_");
  return llvm::any_of(*listed, [&](const ExprPtr &e) {
    auto *text = llvm::dyn_cast<StrLitExpr>(e.get());
    return text && text->value == name;
  });
}

std::optional<Obj> CodeGen::starImportSource(const Module &home,
                                             llvm::StringRef name,
                                             unsigned depth) {
  // Star imports of star imports, not around a cycle.
  if (depth > 8)
    return std::nullopt;
  for (const ImportBinding &star : llvm::reverse(home.starImports)) {
    std::optional<std::string> target = absoluteImport(home, star.target);
    if (!target)
      continue;
    if (isTritonModule(*target)) {
      if (!name.starts_with("_") &&
          tritonModuleHasAttribute(*target, name).value_or(false))
        return Obj::named(Kind::Module, *target);
      continue;
    }
    const Module *m = findModule(*target);
    if (!m || !exportsName(*m, name))
      continue;
    if (definesName(*m, name)) {
      Obj o = Obj::named(Kind::Module, *target);
      o.module = m;
      return o;
    }
    if (std::optional<Obj> deeper = starImportSource(*m, name, depth + 1))
      return deeper;
  }
  return std::nullopt;
}

std::optional<Obj> CodeGen::starImported(const Obj &source,
                                         llvm::StringRef name, Loc useLoc) {
  if (source.module)
    return lookupGlobal(*source.module, name, useLoc);
  return moduleAttribute(source, name, useLoc);
}

std::optional<Obj> CodeGen::userModuleAttribute(const Obj &mod,
                                                llvm::StringRef attr, Loc l) {
  if (definesName(*mod.module, attr))
    return lookupGlobal(*mod.module, attr, l);
  if (std::optional<Obj> source = starImportSource(*mod.module, attr, 0))
    return starImported(*source, attr, l);
  std::string sub = mod.str + "." + attr.str();
  if (const Module *m = findModule(sub)) {
    Obj o = Obj::named(Kind::Module, sub);
    o.module = m;
    return o;
  }
  diags.error(l, "module '" + mod.str + "' has no attribute '" + attr + "'");
  return std::nullopt;
}

std::optional<Obj> CodeGen::assumeReexportedTriton(const ImportBinding &import,
                                                   llvm::StringRef target) {
  std::string triton = reexportedTritonModule(target);
  if (triton.empty())
    return std::nullopt;
  // Said once per import even where tkc aot compiles many variants, each
  // with its own CodeGen.
  static std::mutex mutex;
  static llvm::StringSet<> noted;
  auto [line, column] = diags.getLineAndColumn(import.loc);
  std::string key = (diags.getBufferName(import.loc) + ":" + llvm::Twine(line) +
                     ":" + llvm::Twine(column) + ":" + import.name)
                        .str();
  Obj module = Obj::named(Kind::Module, triton);
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!noted.insert(key).second)
      return module;
  }
  // `from a.b import tl` looked for a.b; `import tl` for tl itself.
  llvm::StringRef from = target.rsplit('.').first;
  diags.note(import.loc, "tkc found no module '" + from +
                             "' on its import path; '" + import.name +
                             "' is taken to be " + triton +
                             ", as kernel libraries re-export it (add the "
                             "library's directory with --import-path to "
                             "follow its imports instead)");
  return module;
}

std::optional<std::string> CodeGen::absoluteImport(const Module &home,
                                                   llvm::StringRef target) {
  if (!target.starts_with("."))
    return target.str();
  // `from ..a import b` in package p.q.r: "..a.b" -> "p.q.a.b".
  auto named = moduleNames.find(&home);
  llvm::StringRef rest = target;
  size_t dots = rest.size() - rest.ltrim('.').size();
  rest = rest.drop_front(dots);
  // The package of `home`, then one level up per dot after the first.
  llvm::StringRef package;
  if (named != moduleNames.end()) {
    const auto &[name, isPackage] = named->second;
    package = name;
    for (size_t up = isPackage ? 1 : 0; up < dots && !package.empty(); ++up)
      package = package.contains('.') ? package.rsplit('.').first : "";
  }
  if (package.empty())
    return std::nullopt;
  return rest.empty() ? package.str() : package.str() + "." + rest.str();
}

std::optional<Obj> CodeGen::resolveImport(const Module &home,
                                          const ImportBinding &import,
                                          Loc useLoc) {
  std::optional<std::string> absolute = absoluteImport(home, import.target);
  if (!absolute) {
    if (std::optional<Obj> triton =
            assumeReexportedTriton(import, import.target))
      return triton;
    diags.error(useLoc, "'" + import.name + "' refers to '" + import.target +
                            "', a relative import, but '" + home.path +
                            "' is not in a package tkc can see (no "
                            "__init__.py beside it)");
    diags.note(import.loc, "imported here");
    return std::nullopt;
  }
  std::string target = *absolute;

  auto [parent, last] = llvm::StringRef(target).rsplit('.');
  // The modules tkc models, and names imported from them: Triton's; Python's
  // math, for module-level constants (`math.sqrt(2 / math.pi)`); importlib,
  // for helpers that import Triton's modules by name; torch, for the
  // constants libraries compute with it (torch.finfo).
  auto modelled = [](llvm::StringRef path) {
    return isTritonModule(path) ||
           llvm::is_contained({"math", "importlib", "importlib.util", "torch"},
                              path);
  };
  if (modelled(target))
    return Obj::named(Kind::Module, target);
  if (!last.empty() && modelled(parent))
    return moduleAttribute(Obj::named(Kind::Module, parent.str()), last,
                           useLoc);
  // torch.compile's helpers, which tkc carries (InductorHelpers.h), or a
  // name imported from them.
  bool helpers = isInductorHelpersModule(target);
  if (helpers || isInductorHelpersModule(parent)) {
    Obj o = Obj::named(Kind::Module, helpers ? target : parent.str());
    o.module = findModule(o.str);
    if (!o.module)
      return std::nullopt;
    if (helpers)
      return o;
    return userModuleAttribute(o, last, useLoc);
  }
  if (llvm::StringRef(target).starts_with("triton.") ||
      llvm::StringRef(target).starts_with("torch.")) {
    diags.error(useLoc, "'" + import.name + "' refers to '" + target +
                            "', which cannot be used inside a kernel");
    return std::nullopt;
  }

  // A module of the kernel's libraries, or a name one defines.
  unsigned errors = diags.numErrors();
  if (const Module *m = findModule(target)) {
    Obj o = Obj::named(Kind::Module, target);
    o.module = m;
    return o;
  }
  if (!last.empty())
    if (const Module *m = findModule(parent)) {
      Obj o = Obj::named(Kind::Module, parent.str());
      o.module = m;
      return userModuleAttribute(o, last, useLoc);
    }
  if (diags.numErrors() != errors)
    return std::nullopt; // A module was found but did not parse.

  // Not found: libraries re-export Triton's modules under their usual names.
  if (std::optional<Obj> triton = assumeReexportedTriton(import, target))
    return triton;
  llvm::StringRef from = last.empty() ? llvm::StringRef(target) : parent;
  std::string roots;
  for (const std::string &r : importRoots)
    roots += (roots.empty() ? "" : ", ") + r;
  diags.error(useLoc, "'" + import.name + "' refers to '" + target +
                          "', but tkc found no module '" + from +
                          "' on its import path (" + roots +
                          "; add the directory that holds it with "
                          "--import-path)");
  diags.note(import.loc, "imported here");
  return std::nullopt;
}

} // namespace tkc::frontend
