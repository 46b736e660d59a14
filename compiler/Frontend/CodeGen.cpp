//===- CodeGen.cpp - Triton-language AST to the tkc dialect ---------------===//
//
// The kernel entry point: binds the kernel's parameters from the signature
// and constexprs, creates the kernel function with its `tkc.params`
// description, generates the body, and verifies the module. Name lookup,
// statements and expressions live in CodeGenNames.cpp, CodeGenStatements.cpp
// and CodeGenExpressions.cpp, the typing rules in Semantics.cpp, and the `tl`
// functions in the Builtins*.cpp files.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"
#include "compiler/Frontend/CodeGenImpl.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/Format.h"

#include <cmath>

namespace tkc::frontend {

using Kind = Obj::Kind;

CodeGen::CodeGen(const Module &module, Diagnostics &diags,
                 mlir::MLIRContext &ctx)
    : module(module), diags(diags), ctx(ctx), builder(&ctx) {}

mlir::Location CodeGen::loc(Loc l) {
  if (!l.isValid())
    return builder.getUnknownLoc();
  auto [line, col] = diags.getLineAndColumn(l);
  return mlir::FileLineColLoc::get(&ctx, diags.getBufferName(l), line, col);
}

/// A dotted rendering of a decorator for notes: `triton.autotune`.
static std::string dottedName(const Expr &e) {
  if (auto *n = llvm::dyn_cast<NameExpr>(&e))
    return n->id;
  if (auto *a = llvm::dyn_cast<AttributeExpr>(&e))
    return dottedName(*a->base) + "." + a->attr;
  if (auto *c = llvm::dyn_cast<CallExpr>(&e))
    return dottedName(*c->callee);
  return "<expression>";
}

/// How one kernel parameter is bound: a compile-time value, or function
/// arguments described by signature entries (one, a tensor descriptor's
/// several, or a tuple's leaves).
struct ParamBinding {
  std::optional<Obj> constant;
  const SignatureEntry *entry = nullptr;
  /// The parameter's leaves, each with its name in the metadata and its
  /// signature entry: the parameter itself; a descriptor's base, shape and
  /// strides (`NAME_base`, `NAME_shape0`, ..., `NAME_stride0`, ...; the last
  /// stride is 1); a tuple's elements' leaves (`NAME_0`, `NAME_1_base`,
  /// ...). A leaf is a function argument unless it is a literal or equals
  /// one (`:1`), which the compiler folds.
  std::vector<std::pair<std::string, SignatureEntry>> args;
};

/// True for a leaf signature entry that the kernel function takes as an
/// argument (not a literal, not folded as equal to one).
static bool isArgument(const SignatureEntry &leaf) {
  return leaf.kind == SignatureEntry::Kind::Typed && !leaf.equalsOne;
}

/// Appends the leaves of parameter (or tuple element) `name` with signature
/// `entry` to `leaves`.
static void
appendLeaves(const std::string &name, const SignatureEntry &entry,
             std::vector<std::pair<std::string, SignatureEntry>> &leaves) {
  if (entry.kind == SignatureEntry::Kind::Tuple) {
    for (auto [i, element] : llvm::enumerate(entry.elements))
      appendLeaves(name + "_" + std::to_string(i), element, leaves);
    return;
  }
  if (entry.kind != SignatureEntry::Kind::TensorDesc) {
    leaves.emplace_back(name, entry);
    return;
  }
  auto typed = [](DType type, unsigned divisibility, std::string text) {
    SignatureEntry e;
    e.type = type;
    e.divisibility = divisibility;
    e.text = std::move(text);
    return e;
  };
  // Triton's descriptors have 16-byte aligned bases.
  leaves.emplace_back(name + "_base", typed(DType::pointerTo(entry.type), 16,
                                            "*" + entry.elementText + ":16"));
  size_t rank = entry.blockShape.size();
  for (size_t d = 0; d < rank; ++d)
    leaves.emplace_back(name + "_shape" + std::to_string(d),
                        typed(DType(DType::Kind::I32), 0, "i32"));
  // Their strides but the last are multiples of 16 bytes: the launcher
  // checks it, the kernel relies on it.
  for (size_t d = 0; d + 1 < rank; ++d)
    leaves.emplace_back(name + "_stride" + std::to_string(d),
                        typed(DType(DType::Kind::I64),
                              descriptorStrideAlignment(entry.type), "i64"));
}

/// Parses a constexpr given as text (a signature literal or --constexpr
/// value): ints, floats, True/False/None, quoted strings, dtype names
/// (`fp16`, `tl.float16`), and otherwise a bare string.
static Obj parseConstexprText(llvm::StringRef text) {
  text = text.trim();
  int64_t i;
  if (!text.getAsInteger(0, i))
    return Obj::integer(i);
  // Python's float() spellings of the special values: inf, -Infinity, nan.
  llvm::StringRef magnitude = text;
  bool negative = magnitude.consume_front("-");
  if (!negative)
    magnitude.consume_front("+");
  if (magnitude.equals_insensitive("inf") ||
      magnitude.equals_insensitive("infinity"))
    return Obj::floating(negative ? -HUGE_VAL : HUGE_VAL);
  if (magnitude.equals_insensitive("nan"))
    return Obj::floating(std::nan(""));
  double d;
  if (!text.getAsDouble(d))
    return Obj::floating(d);
  if (text == "True" || text == "False")
    return Obj::boolean(text == "True");
  if (text == "None")
    return Obj::none();
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') &&
      text.back() == text.front())
    return Obj::string(text.drop_front().drop_back().str());
  llvm::StringRef name = text;
  if (name.consume_front("tl."))
    if (auto t = DType::fromLanguageName(name))
      return Obj::dtypeObj(*t);
  if (auto t = DType::parseShortName(text))
    if (!t->isPtr())
      return Obj::dtypeObj(*t);
  return Obj::string(text.str());
}

/// The Python spelling of a constexpr value, for the metadata.
std::string constexprText(const Obj &value) {
  switch (value.kind) {
  case Obj::Kind::Int:
    return toString(value.intValue);
  case Obj::Kind::Bool:
    return value.intValue ? "True" : "False";
  case Obj::Kind::Float: {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::format("%.17g", value.floatValue);
    return text;
  }
  case Obj::Kind::Str:
    return "'" + value.str + "'";
  case Obj::Kind::None:
    return "None";
  default:
    return value.describe();
  }
}

/// The `tkc.params` attribute: one dictionary per source parameter (name,
/// kind, dtype, divisibility, equal_to_1, value) from which the driver
/// writes the kernel's metadata.
mlir::ArrayAttr describeParams(mlir::OpBuilder &b, const FunctionDef &fn,
                               const std::vector<ParamBinding> &bindings) {
  llvm::SmallVector<mlir::Attribute> params;
  for (auto [p, bd] : llvm::zip(fn.params, bindings)) {
    if (bd.constant) {
      params.push_back(b.getDictionaryAttr(
          {b.getNamedAttr("name", b.getStringAttr(p.name)),
           b.getNamedAttr("kind", b.getStringAttr("constexpr")),
           b.getNamedAttr("value",
                          b.getStringAttr(constexprText(*bd.constant)))}));
      continue;
    }
    for (const auto &[name, entry] : bd.args) {
      if (entry.kind == SignatureEntry::Kind::Literal) {
        params.push_back(b.getDictionaryAttr(
            {b.getNamedAttr("name", b.getStringAttr(name)),
             b.getNamedAttr("kind", b.getStringAttr("constexpr")),
             b.getNamedAttr("value",
                            b.getStringAttr(constexprText(
                                parseConstexprText(entry.literal))))}));
        continue;
      }
      llvm::SmallVector<mlir::NamedAttribute> fields;
      fields.push_back(b.getNamedAttr("name", b.getStringAttr(name)));
      // The signature's own spelling of the type: `*fp16:16` gives fp16.
      llvm::StringRef type =
          llvm::StringRef(entry.text).split(':').first.trim();
      bool isPointer = type.consume_front("*");
      fields.push_back(b.getNamedAttr(
          "kind", b.getStringAttr(isPointer ? "pointer" : "scalar")));
      fields.push_back(b.getNamedAttr("dtype", b.getStringAttr(type)));
      fields.push_back(b.getNamedAttr(
          "divisibility",
          b.getI32IntegerAttr(std::max(1u, entry.divisibility))));
      if (entry.equalsOne)
        fields.push_back(b.getNamedAttr("equal_to_1", b.getBoolAttr(true)));
      params.push_back(b.getDictionaryAttr(fields));
    }
  }
  return b.getArrayAttr(params);
}

/// The value of a parameter (or tuple element) with signature `entry`, its
/// function arguments taken in order from `next`: the argument itself, a
/// tensor descriptor built from its base, shape and strides (the host's
/// descriptor `name`), a tuple of its elements' values, or a folded literal
/// or one.
static Obj bindValue(CodeGen &cg, const SignatureEntry &entry,
                     const std::string &name, const Obj *&next, Loc loc) {
  switch (entry.kind) {
  case SignatureEntry::Kind::Literal:
    return parseConstexprText(entry.literal);
  case SignatureEntry::Kind::Tuple: {
    Obj tuple;
    tuple.kind = Obj::Kind::Tuple;
    for (auto [i, element] : llvm::enumerate(entry.elements))
      tuple.elems.push_back(
          bindValue(cg, element, name + "_" + std::to_string(i), next, loc));
    return tuple;
  }
  case SignatureEntry::Kind::Typed:
    return entry.equalsOne ? Obj::integer(1) : *next++;
  case SignatureEntry::Kind::TensorDesc:
    break;
  }
  // A descriptor: base, then the shape and the strides as int64, the last
  // stride 1, as tl.make_tensor_descriptor builds one.
  size_t rank = entry.blockShape.size();
  Obj base = *next++;
  DType i64(DType::Kind::I64);
  std::vector<Obj> given(next, next + rank), shape, strides;
  next += rank;
  for (const Obj &extent : given)
    shape.push_back(*cg.cast(extent, i64, loc));
  for (size_t d = 0; d + 1 < rank; ++d)
    strides.push_back(*next++);
  strides.push_back(cg.constantInt(TType{i64, {}}, 1, loc));
  Obj desc =
      tensorDescriptor(base, shape, strides, entry.blockShape, entry.padding);
  desc.hostDescriptor =
      cg.recordTensorDescriptor(name, base, given, strides, entry.blockShape);
  return desc;
}

/// True for a tuple entry whose leaves are all literals.
static bool isLiteralTuple(const SignatureEntry &entry) {
  return llvm::all_of(entry.elements, [](const SignatureEntry &e) {
    return e.kind == SignatureEntry::Kind::Literal ||
           (e.kind == SignatureEntry::Kind::Tuple && isLiteralTuple(e));
  });
}

mlir::OwningOpRef<mlir::ModuleOp> generateTTIR(const Module &module,
                                               const KernelRequest &request,
                                               Diagnostics &diags,
                                               mlir::MLIRContext &context) {
  const FunctionDef *fn = module.findFunction(request.kernelName);
  if (!fn)
    return nullptr; // The driver checks this first and explains.
  if (!fn->isJit) {
    diags.error(fn->nameLoc,
                "'" + fn->name + "' is not decorated with @triton.jit");
    return nullptr;
  }
  for (const ExprPtr &d : fn->decorators)
    if (!isJitDecorator(*d) && !request.decoratorsApplied)
      diags.note(d->getLoc(), "decorator '@" + dottedName(*d) +
                                  "' is ignored; tkc compile takes configs "
                                  "and specializations from its command line "
                                  "or manifest (tkc aot compiles every "
                                  "@triton.autotune config)");

  CodeGen cg(module, diags, context);
  cg.debug = request.debug;
  cg.setImportPaths(request.importPaths);
  cg.numWarps = request.numWarps;
  cg.vendor = request.vendor;
  cg.arch = request.arch;
  size_t numParams = fn->params.size(), numConstexpr = 0;
  for (const Param &p : fn->params)
    numConstexpr += isConstexprAnnotation(p.annotation.get());
  const auto &sig = request.signature;
  bool allParams = sig.size() == numParams;
  if (!allParams && sig.size() != numParams - numConstexpr) {
    diags.error(fn->nameLoc,
                "the signature has " + std::to_string(sig.size()) +
                    " entries but '" + fn->name + "' has " +
                    std::to_string(numParams) + " parameters (" +
                    std::to_string(numConstexpr) +
                    " of them tl.constexpr); give one entry per parameter, "
                    "or one per non-constexpr parameter");
    return nullptr;
  }
  for (const auto &[name, value] : request.constexprs)
    if (llvm::none_of(fn->params,
                      [&](const Param &p) { return p.name == name; })) {
      diags.error(fn->nameLoc, "--constexpr " + name + ": '" + fn->name +
                                   "' has no parameter named '" + name + "'");
      return nullptr;
    }

  // Decide each parameter: a function argument or a compile-time value.
  std::vector<ParamBinding> bindings(numParams);
  size_t next = 0;
  for (size_t i = 0; i < numParams; ++i) {
    const Param &p = fn->params[i];
    bool isConstexpr = isConstexprAnnotation(p.annotation.get());
    const SignatureEntry *entry =
        (allParams || !isConstexpr) ? &sig[next++] : nullptr;
    auto cli = llvm::find_if(
        request.constexprs, [&](const auto &kv) { return kv.first == p.name; });
    if (cli != request.constexprs.end()) {
      bindings[i].constant = parseConstexprText(cli->second);
      continue;
    }
    if (entry && entry->kind == SignatureEntry::Kind::Literal) {
      bindings[i].constant = parseConstexprText(entry->literal);
      continue;
    }
    if (isConstexpr) {
      // A constexpr tuple, `(64, 64)`.
      if (entry && entry->kind == SignatureEntry::Kind::Tuple &&
          isLiteralTuple(*entry)) {
        const Obj *none = nullptr;
        bindings[i].constant = bindValue(cg, *entry, p.name, none, p.loc);
        continue;
      }
      if (entry) {
        diags.error(p.loc, "parameter '" + p.name +
                               "' is tl.constexpr; its signature entry must "
                               "be a value, got '" +
                               entry->text + "'");
        return nullptr;
      }
      if (!p.defaultValue) {
        diags.error(p.loc, "tl.constexpr parameter '" + p.name +
                               "' has no value; give it in the signature or "
                               "with --constexpr " +
                               p.name + "=VALUE");
        return nullptr;
      }
      static const FunctionDef moduleScope(Loc{});
      FunctionGen gen(cg, moduleScope, module);
      bindings[i].constant = gen.eval(*p.defaultValue);
      if (!bindings[i].constant)
        return nullptr;
      continue;
    }
    bindings[i].entry = entry;
    appendLeaves(p.name, *entry, bindings[i].args);
  }

  // The kernel function.
  mlir::OpBuilder &b = cg.builder;
  auto moduleOp = mlir::ModuleOp::create(cg.loc(fn->getLoc()));
  mlir::OwningOpRef<mlir::ModuleOp> owned(moduleOp);
  llvm::SmallVector<mlir::Type> argTypes;
  for (const ParamBinding &bd : bindings)
    for (const auto &arg : bd.args)
      if (isArgument(arg.second))
        argTypes.push_back(arg.second.type.toMLIR(&context));
  b.setInsertionPointToEnd(moduleOp.getBody());
  auto func = mlir::func::FuncOp::create(b, cg.loc(fn->nameLoc), fn->name,
                                         b.getFunctionType(argTypes, {}));
  mlir::Block *entryBlock = func.addEntryBlock();
  b.setInsertionPointToEnd(entryBlock);

  func->setAttr(mlir::tkc::TKCDialect::kParams,
                describeParams(b, *fn, bindings));

  FunctionGen gen(cg, *fn, module);
  unsigned argIndex = 0;
  for (size_t i = 0; i < numParams; ++i) {
    const Param &p = fn->params[i];
    if (bindings[i].constant) {
      gen.scope[p.name] = *bindings[i].constant;
      continue;
    }
    std::vector<Obj> values;
    for (const auto &[name, entry] : bindings[i].args) {
      if (!isArgument(entry))
        continue;
      mlir::BlockArgument arg = entryBlock->getArgument(argIndex);
      arg.setLoc(cg.loc(p.loc));
      if (entry.divisibility)
        func.setArgAttr(argIndex, mlir::tkc::TKCDialect::kDivisibility,
                        b.getI32IntegerAttr(entry.divisibility));
      values.push_back(Obj::tensor(arg, TType{entry.type, {}}));
      // Those a launcher can encode a tensor map from.
      if (entry.type.isPtr() || entry.type.getKind() == DType::Kind::I32 ||
          entry.type.getKind() == DType::Kind::I64)
        cg.argumentNames[arg] = name;
      ++argIndex;
    }
    const Obj *next = values.data();
    gen.scope[p.name] = bindValue(cg, *bindings[i].entry, p.name, next, p.loc);
  }
  if (!gen.visitBody(fn->body))
    return nullptr;
  if (gen.returned && gen.returnValue.kind != Kind::None) {
    diags.error(fn->nameLoc, "a kernel must not return a value");
    return nullptr;
  }
  mlir::func::ReturnOp::create(b, cg.loc(fn->getLoc()));
  if (!cg.tensorDescriptors.empty())
    func->setAttr(mlir::tkc::TKCDialect::kTensorDescriptors,
                  b.getDictionaryAttr(cg.tensorDescriptors));
  if (mlir::failed(mlir::verify(moduleOp)))
    return nullptr;
  return owned;
}

} // namespace tkc::frontend
