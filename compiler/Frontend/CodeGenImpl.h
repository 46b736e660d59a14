//===- CodeGenImpl.h - Internals of the tkc-dialect generator ---*- C++ -*-===//
//
// The two classes that generate IR from the values of Value.h: CodeGen (per
// kernel: builder, globals, the typing rules of Semantics.cpp) and
// FunctionGen (per inlined function body: scope, statements, expressions,
// builtin calls).
// Only the frontend's .cpp files include this header.
//
//===----------------------------------------------------------------------===//

#ifndef TKC_FRONTEND_CODEGENIMPL_H
#define TKC_FRONTEND_CODEGENIMPL_H

#include "compiler/Dialect/TKC/IR/TKCDialect.h"
#include "compiler/Frontend/AST.h"
#include "compiler/Frontend/CodeGen.h"
#include "compiler/Frontend/Types.h"
#include "compiler/Frontend/Value.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tkc::frontend {

/// A call's arguments after evaluation.
struct CallArgs {
  std::vector<Obj> args;
  std::vector<Loc> argLocs;
  std::vector<std::pair<std::string, Obj>> keywords;
  std::vector<Loc> keywordLocs;
};

class FunctionGen;

/// Per-kernel state: the builder, module globals, and the typing rules.
class CodeGen {
public:
  CodeGen(const Module &module, Diagnostics &diags, mlir::MLIRContext &ctx);

  const Module &module;
  Diagnostics &diags;
  mlir::MLIRContext &ctx;
  mlir::OpBuilder builder;
  /// Inlining depth, bounded to catch recursion.
  unsigned callDepth = 0;
  /// Whether tl.device_assert / `assert` emit checks (Triton's debug mode).
  bool debug = false;
  /// The launch's warps per program (KernelRequest::numWarps).
  unsigned numWarps = 4;
  /// The backend compiled for (KernelRequest::vendor).
  std::string vendor;
  /// The architecture compiled for (KernelRequest::arch).
  std::string arch;
  /// Module-level names evaluated so far, per module, and those being
  /// evaluated: the index of the assignment in the module's globals (its
  /// right-hand side sees the name's binding before it, as Python's does).
  std::map<std::pair<const Module *, std::string>, Obj> globalCache;
  std::map<std::pair<const Module *, std::string>, size_t> evaluatingGlobals;
  /// tkc's library of triton.language functions written in the Triton
  /// language (Library.h), parsed on first use.
  std::unique_ptr<Module> libraryModule;

  // --- BuiltinsBlockPointer.cpp: tensor maps the launcher encodes. ---

  /// The kernel's pointer, i32 and i64 arguments, each by the name of the
  /// parameter (or leaf) it binds in the metadata.
  llvm::DenseMap<mlir::Value, std::string> argumentNames;
  /// The descriptors whose tensor maps the launcher can encode from the
  /// kernel's arguments, by name: their base, shape and strides
  /// (recordTensorDescriptor), the kernel's `tkc.tensor_descriptors`.
  llvm::SmallVector<mlir::NamedAttribute> tensorDescriptors;

  /// Records how the launcher encodes the tensor map of a descriptor (a
  /// host one named `name`, or one made in the kernel when `name` is empty)
  /// over `base` with `shape` and `strides`, in blocks of `blockShape`: its
  /// base a pointer argument, each extent and stride but the last a product
  /// of integer arguments and a constant, its last stride 1. Returns the
  /// descriptor's name (`name`, or one spelt from its leaves), or "" where
  /// it is made of other values (the same in every program or not, it is
  /// then loaded only through masks).
  std::string recordTensorDescriptor(std::string name, const Obj &base,
                                     llvm::ArrayRef<Obj> shape,
                                     llvm::ArrayRef<Obj> strides,
                                     llvm::ArrayRef<int64_t> blockShape);

  // --- Imports.cpp: modules of the kernel's own libraries. ---

  /// Where imported modules are searched, in order.
  std::vector<std::string> importRoots;
  /// The dotted name of each module compiled from (the kernel's, when it is
  /// found in a package, and every imported one) and whether it is a
  /// package (`__init__.py`), for relative imports.
  std::map<const Module *, std::pair<std::string, bool>> moduleNames;
  /// Imported modules by dotted name; null for names not found.
  std::map<std::string, std::unique_ptr<Module>> importedModules;

  /// Sets the import roots: the kernel file's directory, the root of the
  /// package it is in (found by its `__init__.py` files), then `paths`.
  void setImportPaths(llvm::ArrayRef<std::string> paths);
  /// The module `dotted` (`pkg.sub.mod`) from the import roots: its .py
  /// file, its package's `__init__.py`, or an empty namespace package; null
  /// if there is none (nothing reported) or it failed to parse (reported).
  const Module *findModule(llvm::StringRef dotted);
  /// What `import` binds, in `home`: a triton module or function, a module
  /// of the kernel's libraries, or a name defined in one.
  std::optional<Obj> resolveImport(const Module &home,
                                   const ImportBinding &import, Loc useLoc);
  /// For an import of `target` that tkc cannot find: the Triton module it
  /// is taken to be when it has one of the names kernel libraries re-export
  /// Triton's modules under (reexportedTritonModule()), with a note at the
  /// import; nullopt, reporting nothing, otherwise.
  std::optional<Obj> assumeReexportedTriton(const ImportBinding &import,
                                            llvm::StringRef target);
  /// The absolute dotted path of an import's `target` in `home` (`..a` in
  /// package p.q.r is p.q.a); nullopt for a relative target where `home` is
  /// in no package.
  std::optional<std::string> absoluteImport(const Module &home,
                                            llvm::StringRef target);
  /// For a name `home` does not bind itself: the module that binds it
  /// through `home`'s star imports (the last import first, following the
  /// star imports of the modules they name), as a Module object: one of the
  /// kernel's libraries (`module` set) or a Triton module. Nullopt, reporting
  /// nothing, if none does.
  std::optional<Obj> starImportSource(const Module &home, llvm::StringRef name,
                                      unsigned depth);
  /// `name` as the module `source` from starImportSource() binds it.
  std::optional<Obj> starImported(const Obj &source, llvm::StringRef name,
                                  Loc useLoc);
  /// `mod.attr` for a module of the kernel's libraries: a name it defines
  /// or imports, else its submodule `attr`.
  std::optional<Obj> userModuleAttribute(const Obj &mod, llvm::StringRef attr,
                                         Loc attrLoc);

  /// The MLIR location of a source position.
  mlir::Location loc(Loc l);

  /// Looks a name up in `home`: globals, imports, functions, Python
  /// builtins. Reports an error and returns nullopt if undefined.
  std::optional<Obj> lookupGlobal(const Module &home, llvm::StringRef name,
                                  Loc useLoc);
  /// `name` in `home` as bound after the first `assignments` of its module
  /// globals (and by its functions and imports); lookupGlobal() uncached.
  std::optional<Obj> bindingOf(const Module &home, llvm::StringRef name,
                               Loc useLoc, size_t assignments);
  /// The library function that implements `tl.NAME` or the block method
  /// NAME (`x.sort()`, with `method` set), as a Function object; nullopt if
  /// the library has none or failed to parse (reported).
  std::optional<Obj> libraryFunction(llvm::StringRef name, bool method);
  /// Resolves `base.attr` where base is a module path.
  std::optional<Obj> moduleAttribute(const Obj &module, llvm::StringRef attr,
                                     Loc attrLoc);

  // --- Semantics.cpp: typing, conversion and arithmetic. ---

  /// Converts a constexpr number to a runtime scalar (int -> int32, or
  /// int64 when too large; float -> fp32; bool -> int1).
  std::optional<Obj> toTensor(const Obj &o, Loc l);
  /// Casts a runtime value to another element type (`.to()` semantics).
  std::optional<Obj> cast(const Obj &t, const DType &to, Loc l,
                          bool bitcast = false);
  /// Casts a runtime float to a narrower float type, rounding toward zero
  /// (`fp_downcast_rounding="rtz"`).
  std::optional<Obj> castTowardZero(const Obj &t, const DType &to, Loc l);
  /// Casts to the element type `to` keeping the shape; converts constexprs.
  std::optional<Obj> castObj(const Obj &o, const DType &to, Loc l);
  /// Splats or broadcasts a runtime value to `shape`.
  std::optional<Obj> broadcastTo(const Obj &t, llvm::ArrayRef<int64_t> shape,
                                 Loc l);
  /// Broadcasts two runtime values to their common shape.
  bool broadcastPair(Obj &a, Obj &b, Loc l);
  /// `a op b` for every binary operator, constexpr or runtime.
  std::optional<Obj> binaryOp(BinOp op, const Obj &a, const Obj &b, Loc l);
  /// `a op b` for one comparison operator.
  std::optional<Obj> compare(CmpOp op, const Obj &a, const Obj &b, Loc l);
  /// `op a`.
  std::optional<Obj> unaryOp(UnaryOp op, const Obj &a, Loc l);
  /// `tl.where(cond, x, y)`.
  std::optional<Obj> where(const Obj &cond, const Obj &x, const Obj &y, Loc l);
  /// Elementwise maximum (isMax) or minimum; NaNs propagate if `propagateNan`.
  std::optional<Obj> minMax(bool isMax, const Obj &a, const Obj &b, Loc l,
                            bool propagateNan = false);
  /// Promotes two operands to their computation type and broadcasts them.
  bool promoteOperands(Obj &a, Obj &b, PromotionPurpose purpose, Loc l);
  /// A runtime float constant of `type` (scalar or splat block).
  Obj constantFloat(const TType &type, double value, Loc l);
  /// A runtime integer constant of `type` (scalar or splat block).
  Obj constantInt(const TType &type, int64_t value, Loc l);
  /// The 64 bits a constant int takes in code: int64 values as they are,
  /// values in [2^63, 2^64) as uint64's; an error beyond, as Triton's.
  std::optional<int64_t> intBits(PyInt value, Loc l);
  /// Converts a runtime value to int1 (`x != 0`).
  std::optional<Obj> toBool(const Obj &o, Loc l);
  /// Python truthiness of a constexpr.
  bool truthy(const Obj &o);
  /// Reads a constexpr int (bools count) or reports `what` expected.
  std::optional<int64_t> constInt(const Obj &o, Loc l, llvm::StringRef what);
  /// Reads a shape: an int or a tuple/list of ints, each a power of two.
  std::optional<llvm::SmallVector<int64_t>> constShape(const Obj &o, Loc l);
};

/// Generates one function body (the kernel, or an inlined @jit helper).
class FunctionGen {
public:
  FunctionGen(CodeGen &cg, const FunctionDef &fn, const Module &home)
      : cg(cg), fn(fn), home(home) {}

  CodeGen &cg;
  const FunctionDef &fn;
  /// The module that defines `fn`: its globals are the body's globals.
  const Module &home;
  /// Local variables.
  std::map<std::string, Obj> scope;
  /// Set once a `return` ran; statements after it are not generated.
  bool returned = false;
  Obj returnValue;
  /// >0 while generating inside an scf region that a `return` cannot end:
  /// a runtime loop, or a runtime `if` within a loop.
  unsigned runtimeDepth = 0;
  /// >0 while generating the body of a runtime loop.
  unsigned runtimeLoopDepth = 0;
  /// >0 while generating the body of any loop, tl.static_range included.
  unsigned loopDepth = 0;
  /// True while evaluating host code: a module-level global's value, or a
  /// plain (non-@jit) function it calls on compile-time values. There,
  /// `for` over range() and comprehensions run at compile time, as Python
  /// runs them at import (FLA builds its inline assembly's text so).
  bool host = false;
  /// What runs after the statement being generated: each enclosing body
  /// (outermost first) with the index of its next statement.
  std::vector<std::pair<const Body *, size_t>> rest;
  /// How often statements after an `if` that returns were generated again.
  unsigned restCopies = 0;

  /// Generates statements until one fails (false) or a return runs.
  bool visitBody(const Body &body);
  /// Generates `body` from statement `first` on, as visitBody does.
  bool visitStatements(const Body &body, size_t first);
  /// Generates the body of a runtime loop, which a `return` cannot leave.
  bool visitLoopBody(const Body &body);
  bool visitStmt(const Stmt &stmt);
  /// Evaluates an expression; nullopt after an error was reported.
  std::optional<Obj> eval(const Expr &expr);

  /// Inlines a call of a @jit function (a Function object).
  std::optional<Obj> callFunction(const Obj &callee, CallArgs &call, Loc l);
  /// Calls a builtin (`tl.*`, Python builtins, methods via `self`).
  std::optional<Obj> callBuiltin(llvm::StringRef name, CallArgs &call,
                                 const Obj *self, Loc l);
  /// Reads attribute `attr` of `base` (at `attrLoc`; `l` is the whole
  /// expression's): a module's, a block's, a dtype's, ... or a method.
  std::optional<Obj> attribute(const Obj &base, const std::string &attr,
                               Loc attrLoc, Loc l);
  /// Reads a tensor attribute (`x.dtype`, `x.shape`, `x.T`) or method.
  std::optional<Obj> tensorAttribute(const Obj &t, llvm::StringRef attr, Loc l);
  /// Reads a dtype attribute (`element_ty`, `primitive_bitwidth`) or
  /// method.
  std::optional<Obj> dtypeAttribute(const Obj &t, llvm::StringRef attr, Loc l);

private:
  /// Marks the numbers in `value` (a tuple's too) heldAsValue, as Triton's
  /// assignments make them scalar tensors.
  static void holdNumbersAsValues(Obj &value);
  bool assign(const Expr &target, const Obj &value);
  bool visitIf(const IfStmt &stmt);
  /// A runtime `if` with a `return` in a branch: the rest of the function
  /// goes into the branches that fall through to it.
  bool visitIfWithReturn(const IfStmt &stmt, mlir::Value cond);
  bool visitFor(const ForStmt &stmt);
  /// Generates `stmt`'s body once per item, the target bound to it (a
  /// tl.static_range loop, or a loop of host code).
  bool unrollFor(const ForStmt &stmt, llvm::ArrayRef<Obj> items);
  /// The integers of a range with compile-time bounds `v` (start, end,
  /// step) that a loop unrolls; an error at `l` naming `what` for a zero
  /// step or more than kMaxUnroll of them.
  std::optional<std::vector<Obj>> unrolledRange(const int64_t (&v)[3], Loc l,
                                                llvm::StringRef what);
  bool visitWhile(const WhileStmt &stmt);
  std::optional<Obj> evalCall(const CallExpr &call);
  /// A dict display as the tuple of its (key, value) pairs: the table of
  /// tl.extern_elementwise, the one place a kernel may hold a dict.
  std::optional<Obj> evalDictPairs(const DictExpr &dict);
  std::optional<Obj> evalSubscript(const SubscriptExpr &sub);
  /// `tuple[lower:upper:step]`, with Python's semantics: compile-time
  /// integer or None bounds, negative ones from the end, clamped.
  std::optional<Obj> sliceTuple(const Obj &tuple, const SliceExpr &slice);
  std::optional<Obj> evalBoolOp(const BoolOpExpr &expr);
  /// A list comprehension (or generator expression) in host code: its
  /// values as a tuple.
  std::optional<Obj> evalListComp(const ListCompExpr &comp);
  /// Appends the values of `comp`'s clauses from `clause` on to `out`.
  bool evalComprehension(const ListCompExpr &comp, size_t clause,
                         std::vector<Obj> &out);
  /// The values a host loop or comprehension iterates over: range()'s
  /// integers, a tuple's or list's elements, a string's characters.
  std::optional<std::vector<Obj>> hostIterable(const Expr &iter);
  std::optional<Obj> evalIfExp(const IfExpExpr &expr);
  /// `expr` with the runtime scalar condition `cond`: an scf.if that runs
  /// only the branch the condition picks, as Triton's visit_IfExp.
  std::optional<Obj> evalRuntimeIfExp(const IfExpExpr &expr, mlir::Value cond);
};

/// Bound on the iterations tl.static_range unrolls, and on those of host
/// code's loops and comprehensions.
inline constexpr int64_t kMaxUnroll = 4096;

/// True if `name` is a method of Python's strings that tkc evaluates on
/// compile-time strings (`format`, `join`, `split`, ...).
bool isStringMethod(llvm::StringRef name);

/// True if `name` is a method of tensor descriptors that tkc implements
/// (`load`, `gather`, `atomic_add`, ...).
bool isDescriptorMethod(llvm::StringRef name);

/// True if `name` is a method of Python's ints that tkc evaluates on
/// compile-time ints (`bit_length`).
bool isIntMethod(llvm::StringRef name);

/// True if `name` is a function of Python's math module that tkc evaluates
/// on compile-time numbers (`sqrt`, `log2`, `ceil`, ...).
bool isMathFunction(llvm::StringRef name);

/// True if `path` names triton, triton.language or one of the submodules a
/// kernel may use (`triton.language.extra.libdevice`, ...).
bool isTritonModule(llvm::StringRef path);

/// The names under which tkc models a module's spec from
/// importlib.util.find_spec (its `elems` hold the module) and the spec's
/// loader.
inline constexpr llvm::StringLiteral kImportlibSpec =
    "importlib.machinery.ModuleSpec";
inline constexpr llvm::StringLiteral kImportlibLoader =
    "importlib.machinery.Loader";

/// Equality of two constexprs in Python semantics (1 == 1.0 == True).
bool constEqual(const Obj &a, const Obj &b);

/// True if `name` is a Python builtin function that a kernel may name
/// (`min`, `range`, `print`, ...).
bool isPythonBuiltin(llvm::StringRef name);
/// True if `name` is a function of triton.language that tkc implements, or
/// a dtype.
bool isLanguageBuiltin(llvm::StringRef name);
/// True if `name` is a triton.language function that tkc does not
/// implement yet (block pointers, inline assembly, ...).
bool isUnsupportedLanguageFeature(llvm::StringRef name);
/// True if `name` is a function of triton.language.extra.libdevice that tkc
/// implements.
bool isLibdeviceFunction(llvm::StringRef name);

/// True if a parameter or variable annotation is `tl.constexpr` (spelled
/// any way that ends in `constexpr`).
bool isConstexprAnnotation(const Expr *annotation);

/// True if `fn` is a plain function that kernels may call on compile-time
/// values, run when the kernel is compiled: decorated `@tl.constexpr`
/// (FlagGems' `get_scan_accum_type`) or `@triton.constexpr_function`.
bool isConstexprFunction(const FunctionDef &fn);

/// Names assigned anywhere in `body` (targets of assignments, augmented
/// assignments and for loops, recursively), in order of first assignment,
/// each once; for loop-carried values.
void collectAssignedNames(const Body &body, std::vector<std::string> &names);

} // namespace tkc::frontend

#endif // TKC_FRONTEND_CODEGENIMPL_H
