//===- BuiltinsDebug.cpp - Compiler hints, assertions and printing --------===//
//
// The `tl` functions that inform the compiler or the programmer: the
// alignment hints tl.multiple_of, tl.max_contiguous and tl.max_constancy
// (attributes on the hinted value's producer), tl.assume and the hint of
// tl.condition (dropped),
// tl.static_assert and tl.static_print at compile time, and
// tl.device_assert (kept in debug mode only), tl.device_print and
// tl.debug_barrier at run time.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <algorithm>
#include <charconv>

namespace tkc::frontend {

using Kind = Obj::Kind;
namespace tkcir = mlir::tkc;

/// `tl.multiple_of(input, values)`, `tl.max_contiguous(input, values)` and
/// `tl.max_constancy(input, values)`: one value per dimension (or one for
/// all), recorded on the op or kernel argument that produces `input`.
static std::optional<Obj> lowerHint(BuiltinCall &c) {
  if (!c.args.bind({"input", "values"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  auto vals = x ? varInts(c.cg, c.call, 1, c.l, "a hint value") : std::nullopt;
  if (!vals)
    return std::nullopt;
  size_t dims = std::max<size_t>(1, x->type.shape.size());
  if (vals->size() == 1 && dims > 1)
    vals->assign(dims, (*vals)[0]);
  if (vals->size() != dims)
    return c.error("tl." + c.name + " needs one value per dimension");
  llvm::SmallVector<int32_t> v32(vals->begin(), vals->end());
  llvm::StringRef attr =
      c.name == "multiple_of"      ? mlir::tkc::TKCDialect::kDivisibility
      : c.name == "max_contiguous" ? mlir::tkc::TKCDialect::kContiguity
                                   : mlir::tkc::TKCDialect::kConstancy;
  auto arrayAttr = c.b.getDenseI32ArrayAttr(v32);
  if (mlir::Operation *def = x->value.getDefiningOp()) {
    def->setAttr(attr, arrayAttr);
  } else if (auto arg = mlir::dyn_cast<mlir::BlockArgument>(x->value)) {
    auto *owner = arg.getOwner()->getParentOp();
    if (auto func = mlir::dyn_cast_or_null<mlir::func::FuncOp>(owner))
      func.setArgAttr(arg.getArgNumber(), attr, arrayAttr);
    else if (auto loop = mlir::dyn_cast_or_null<mlir::scf::ForOp>(owner))
      // A loop-carried value (a pointer advanced each iteration).
      loop->setAttr(
          mlir::tkc::TKCDialect::getLoopArgHintName(attr, arg.getArgNumber()),
          arrayAttr);
  }
  return x;
}

/// `tl.assume(cond)`: a tkc.assume of a run-time boolean scalar. Other
/// conditions are dropped (a hint only, so dropping it is always correct):
/// a compile-time one tells LLVM nothing, and llvm.assume takes one bit.
static std::optional<Obj> lowerAssume(BuiltinCall &c) {
  if (!c.args.bind({"cond"}))
    return std::nullopt;
  const Obj &cond = *c.args.raw(0);
  if (cond.isConstexpr())
    return Obj::none();
  auto t = c.cg.toTensor(cond, c.l);
  if (!t)
    return std::nullopt;
  if (!t->type.isBlock() && t->type.elem.isBool())
    tkcir::AssumeOp::create(c.b, c.L, t->value);
  return Obj::none();
}

/// `tl.condition(cond, disable_licm)`: a while loop's condition with a hint
/// for the compiler (keep loop-invariant code in the loop); the condition
/// itself, the hint dropped.
static std::optional<Obj> lowerCondition(BuiltinCall &c) {
  if (!c.args.bind({"arg1", "disable_licm="}))
    return std::nullopt;
  return *c.args.raw(0);
}

/// `tl.static_assert(cond, msg)`: an error unless the compile-time
/// condition holds.
static std::optional<Obj> lowerStaticAssert(BuiltinCall &c) {
  if (!c.args.bind({"cond", "msg="}))
    return std::nullopt;
  const Obj &test = *c.args.raw(0);
  if (!test.isConstexpr())
    return c.error("tl.static_assert needs a compile-time condition, got " +
                   test.describe());
  if (!c.cg.truthy(test)) {
    auto msg = c.args.string(1, "");
    if (!msg)
      return std::nullopt;
    return c.error("static assertion failed" +
                   (msg->empty() ? std::string() : ": " + *msg));
  }
  return Obj::none();
}

/// `o` as Python prints a compile-time value: numbers and booleans as
/// literals (floats in their shortest round-trip form), dtypes by name,
/// tuples in parentheses (strings inside them quoted), anything else as
/// tkc describes it.
static std::string staticText(const Obj &o, bool nested) {
  switch (o.kind) {
  case Kind::Str:
    return nested ? "'" + o.str + "'" : o.str;
  case Kind::Int:
    return toString(o.intValue);
  case Kind::Bool:
    return o.intValue ? "True" : "False";
  case Kind::Float: {
    char buffer[32];
    auto end = std::to_chars(buffer, buffer + sizeof(buffer), o.floatValue);
    std::string text(buffer, end.ptr);
    if (text.find_first_of(".ein") == std::string::npos)
      text += ".0";
    return text;
  }
  case Kind::DTypeObj:
    if (o.blockShape.empty())
      return o.dtype.str();
    return o.describe();
  case Kind::Tuple: {
    std::string text = "(";
    for (size_t i = 0; i < o.elems.size(); ++i)
      text += (i ? ", " : "") + staticText(o.elems[i], true);
    return text + (o.elems.size() == 1 ? ",)" : ")");
  }
  default:
    return o.describe();
  }
}

/// `tl.static_print(...)`: a note with the compile-time values.
static std::optional<Obj> lowerStaticPrint(BuiltinCall &c) {
  std::string text;
  for (const Obj &o : c.call.args) {
    if (!text.empty())
      text += " ";
    text += staticText(o, /*nested=*/false);
  }
  c.cg.diags.note(c.l, "static_print: " + text);
  return Obj::none();
}

/// `tl.device_print(prefix, *values, hex=False)`. As Triton does, a prefix
/// before values ends in ": ", and one longer than two characters starts
/// with a space.
static std::optional<Obj> lowerDevicePrint(BuiltinCall &c) {
  std::string prefix;
  size_t first = 0;
  if (!c.call.args.empty() && c.call.args[0].kind == Kind::Str) {
    prefix = c.call.args[0].str;
    first = 1;
  }
  bool hex = false;
  for (auto [k, v] : c.call.keywords) {
    if (k != "hex")
      return c.error("tl.device_print() got an unexpected keyword argument '" +
                     k + "'");
    hex = c.cg.truthy(v);
  }
  llvm::SmallVector<mlir::Value> values;
  llvm::SmallVector<bool> isSigned;
  for (size_t i = first; i < c.call.args.size(); ++i) {
    auto t = c.cg.toTensor(c.call.args[i], c.l);
    if (!t)
      return std::nullopt;
    values.push_back(t->value);
    isSigned.push_back(t->type.elem.isSigned());
  }
  if (!values.empty()) {
    if (!llvm::StringRef(prefix).ends_with(" "))
      prefix += " ";
    if (!llvm::StringRef(prefix).ends_with(": "))
      prefix = prefix.substr(0, prefix.size() - 1) + ": ";
  }
  if (prefix.size() > 2 && prefix[0] != ' ')
    prefix = " " + prefix;
  tkcir::PrintOp::create(c.b, c.L, c.b.getStringAttr(prefix),
                         c.b.getBoolAttr(hex),
                         c.b.getDenseBoolArrayAttr(isSigned), values);
  return Obj::none();
}

/// `tl.device_assert(cond, msg, mask=None)` (and `assert`): in debug mode,
/// checked at compile time when `cond` is a compile-time value, otherwise
/// at run time where `mask` is true. Out of debug mode the call is dropped
/// before its message is read, as Triton's JIT drops it (`msg` may be any
/// value then), with a warning where `cond` is known to be false.
static std::optional<Obj> lowerDeviceAssert(BuiltinCall &c) {
  if (!c.args.bind({"cond", "msg=", "mask="}))
    return std::nullopt;
  const Obj &test = *c.args.raw(0);
  bool known = test.isConstexpr() && !c.args.has(2);
  if (known && c.cg.truthy(test))
    return Obj::none();
  if (!c.cg.debug) {
    // Dropped, as Triton's JIT drops assertions outside debug mode, even
    // one that can never hold (a config its author did not foresee).
    if (known)
      c.cg.diags.warning(c.l, "assertion is always false; dropped outside "
                              "debug mode, as Triton drops it (--debug makes "
                              "it an error)");
    return Obj::none();
  }
  auto msg = c.args.string(1, "");
  if (!msg)
    return std::nullopt;
  if (known)
    return c.error("assertion is always false" +
                   (msg->empty() ? std::string() : ": " + *msg));
  auto cond = c.cg.toBool(test, c.args.loc(0));
  if (!cond)
    return std::nullopt;
  if (c.args.has(2)) {
    auto mask = c.cg.toBool(*c.args.get(2), c.args.loc(2));
    auto unmasked =
        mask ? c.cg.unaryOp(UnaryOp::Invert, *mask, c.args.loc(2)) : mask;
    cond = unmasked ? c.cg.binaryOp(BinOp::BitOr, *cond, *unmasked, c.l)
                    : unmasked;
    if (!cond)
      return std::nullopt;
  }
  tkcir::AssertOp::create(c.b, c.L, cond->value, c.b.getStringAttr(*msg));
  return Obj::none();
}

/// `tl.debug_barrier()`: synchronizes the program's threads.
static std::optional<Obj> lowerDebugBarrier(BuiltinCall &c) {
  if (!c.args.bind({}))
    return std::nullopt;
  tkcir::BarrierOp::create(c.b, c.L);
  return Obj::none();
}

llvm::ArrayRef<BuiltinEntry> debugBuiltins() {
  static const BuiltinEntry entries[] = {
      {"tl.multiple_of", lowerHint},
      {"tl.max_contiguous", lowerHint},
      {"tl.max_constancy", lowerHint},
      {"tl.assume", lowerAssume},
      {"tl.condition", lowerCondition},
      {"tl.static_assert", lowerStaticAssert},
      {"tl.static_print", lowerStaticPrint},
      {"tl.device_print", lowerDevicePrint},
      {"tl.device_assert", lowerDeviceAssert},
      {"tl.debug_barrier", lowerDebugBarrier},
  };
  return entries;
}

} // namespace tkc::frontend
