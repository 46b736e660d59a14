//===- BuiltinsMemory.cpp - tl.load, tl.store and the atomics -------------===//
//
// The `tl` functions that touch global memory through blocks of pointers:
// tl.load and tl.store with their mask, `other` value, cache modifier,
// eviction policy and volatility, and the atomics (tl.atomic_add, _max,
// _min, _and, _or, _xor, _xchg and _cas) with their memory semantics and
// scope. Block pointers (boundary_check, padding_option) are rejected.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"

#include "llvm/ADT/StringSwitch.h"

namespace tkc::frontend {

using Kind = Obj::Kind;
namespace tkcir = mlir::tkc;

/// Reads a `cache_modifier` string of tl.load (`isLoad`) or tl.store: a
/// null attribute for the default, nullopt after reporting an error.
static std::optional<tkcir::CacheModifierAttr>
cacheModifierAttr(CodeGen &cg, llvm::StringRef text, bool isLoad, Loc l) {
  using CM = tkcir::CacheModifier;
  if (text.empty())
    return tkcir::CacheModifierAttr();
  auto kind = llvm::StringSwitch<std::optional<CM>>(text)
                  .Case(".ca", CM::ca)
                  .Case(".cg", CM::cg)
                  .Case(".cv", CM::cv)
                  .Case(".wb", CM::wb)
                  .Case(".cs", CM::cs)
                  .Case(".wt", CM::wt)
                  .Default(std::nullopt);
  bool allowed =
      kind &&
      (isLoad ? llvm::is_contained({CM::ca, CM::cg, CM::cv}, *kind)
              : llvm::is_contained({CM::wb, CM::cg, CM::cs, CM::wt}, *kind));
  if (!allowed) {
    cg.diags.error(l, "unknown cache_modifier '" + text + "' for " +
                          (isLoad ? "tl.load (expected '', '.ca', '.cg' or "
                                    "'.cv')"
                                  : "tl.store (expected '', '.wb', '.cg', "
                                    "'.cs' or '.wt')"));
    return std::nullopt;
  }
  return tkcir::CacheModifierAttr::get(&cg.ctx, *kind);
}

/// Reads an `eviction_policy` string: a null attribute for the default,
/// nullopt after reporting an error.
static std::optional<tkcir::EvictionPolicyAttr>
evictionPolicyAttr(CodeGen &cg, llvm::StringRef text, Loc l) {
  if (text.empty() || text == "evict_normal")
    return tkcir::EvictionPolicyAttr();
  auto kind = tkcir::symbolizeEvictionPolicy(text);
  if (!kind || *kind == tkcir::EvictionPolicy::normal) {
    cg.diags.error(l, "unknown eviction_policy '" + text +
                          "' (expected '', 'evict_first' or 'evict_last')");
    return std::nullopt;
  }
  return tkcir::EvictionPolicyAttr::get(&cg.ctx, *kind);
}

/// Reads a pointer argument of tl.load/store/atomics, rejecting block
/// pointer arguments that tkc does not support.
static std::optional<Obj> pointerArg(CodeGen &cg, const std::optional<Obj> &v,
                                     llvm::StringRef fn, Loc l) {
  if (!v)
    return std::nullopt;
  auto t = cg.toTensor(*v, l);
  if (!t)
    return std::nullopt;
  if (!t->type.elem.isPtr()) {
    cg.diags.error(l, "tl." + fn +
                          " needs a pointer or block of pointers, got " +
                          t->type.str());
    return std::nullopt;
  }
  return t;
}

/// `tl.load(pointer, mask, other, ...)` and `tl.store(pointer, value, mask,
/// ...)`.
static std::optional<Obj> lowerLoadStore(BuiltinCall &c) {
  bool isLoad = c.name == "load";
  bool bound =
      isLoad ? c.args.bind({"pointer", "mask=", "other=", "boundary_check=",
                            "padding_option=", "cache_modifier=",
                            "eviction_policy=", "volatile="})
             : c.args.bind({"pointer", "value", "mask=", "boundary_check=",
                            "cache_modifier=", "eviction_policy="});
  if (!bound)
    return std::nullopt;
  size_t maskIndex = isLoad ? 1 : 2;
  if (c.args.raw(0) && c.args.raw(0)->kind == Kind::BlockPtr)
    return lowerBlockPointerAccess(c, *c.args.raw(0), isLoad, maskIndex);
  auto ptr = pointerArg(c.cg, c.args.raw(0), c.name, c.args.loc(0));
  if (!ptr)
    return std::nullopt;
  auto boundary = c.args.get(3);
  if (boundary && !(boundary->kind == Kind::Tuple && boundary->elems.empty()))
    return c.error("boundary_check applies to block pointers (from "
                   "tl.make_block_ptr)");
  if (isLoad && c.args.has(4) && !c.args.get(4)->str.empty())
    return c.error("padding_option applies to block pointers (from "
                   "tl.make_block_ptr)");
  DType pointee = ptr->type.elem.getPointee();
  Obj p = *ptr;
  std::optional<Obj> value;
  if (!isLoad) {
    value = c.cg.castObj(*c.args.raw(1), pointee, c.args.loc(1));
    if (!value || !c.cg.broadcastPair(p, *value, c.l))
      return std::nullopt;
  }
  std::optional<Obj> mask, other;
  if (c.args.has(maskIndex)) {
    mask = c.cg.toBool(*c.args.get(maskIndex), c.args.loc(maskIndex));
    if (!mask || !c.cg.broadcastPair(p, *mask, c.l) ||
        (value && !c.cg.broadcastPair(*value, *mask, c.l)))
      return std::nullopt;
  }
  if (isLoad && c.args.has(2)) {
    if (!mask)
      return c.error("tl.load got 'other' without a 'mask'");
    other = c.cg.castObj(*c.args.get(2), pointee, c.args.loc(2));
    if (other)
      other = c.cg.broadcastTo(*other, p.type.shape, c.args.loc(2));
    if (!other)
      return std::nullopt;
  }
  auto hints = readAccessHints(c, isLoad);
  if (!hints)
    return std::nullopt;
  return emitLoadStore(c, isLoad, p, value, mask, other, *hints);
}

std::optional<AccessHints> readAccessHints(BuiltinCall &c, bool isLoad) {
  size_t cacheIndex = isLoad ? 5 : 4;
  auto cacheText = c.args.string(cacheIndex, "");
  auto evictText = cacheText ? c.args.string(cacheIndex + 1, "") : std::nullopt;
  auto cache = evictText ? cacheModifierAttr(c.cg, *cacheText, isLoad,
                                             c.args.loc(cacheIndex))
                         : std::nullopt;
  auto evict =
      cache ? evictionPolicyAttr(c.cg, *evictText, c.args.loc(cacheIndex + 1))
            : std::nullopt;
  if (!evict)
    return std::nullopt;
  AccessHints hints{*cache, *evict, false};
  if (isLoad) {
    auto isVolatile = c.args.flag(7, false);
    if (!isVolatile)
      return std::nullopt;
    hints.isVolatile = *isVolatile;
  }
  return hints;
}

std::optional<Obj> emitLoadStore(BuiltinCall &c, bool isLoad, const Obj &p,
                                 const std::optional<Obj> &value,
                                 const std::optional<Obj> &mask,
                                 const std::optional<Obj> &other,
                                 const AccessHints &hints) {
  DType pointee = p.type.elem.getPointee();
  if (pointee.isBool()) {
    // Booleans live in memory as bytes, as in Triton: access them through
    // an int8 pointer; a loaded byte is true when nonzero.
    DType byte(DType::Kind::I8);
    Obj bytes = *c.cg.cast(
        p, DType::pointerTo(byte, p.type.elem.getAddressSpace()), c.l);
    std::optional<Obj> byteValue, byteOther;
    if (value && !(byteValue = c.cg.cast(*value, byte, c.l)))
      return std::nullopt;
    if (other && !(byteOther = c.cg.cast(*other, byte, c.l)))
      return std::nullopt;
    auto result =
        emitLoadStore(c, isLoad, bytes, byteValue, mask, byteOther, hints);
    if (!isLoad || !result)
      return result;
    return c.cg.toBool(*result, c.l);
  }
  mlir::Value maskValue = mask ? mask->value : mlir::Value();
  if (!isLoad) {
    tkcir::StoreOp::create(c.b, c.L, p.value, value->value, maskValue,
                           hints.cache, hints.evict);
    return Obj::none();
  }
  auto load = tkcir::LoadOp::create(c.b, c.L, p.value, maskValue,
                                    other ? other->value : mlir::Value());
  load.setCacheAttr(hints.cache);
  load.setEvictAttr(hints.evict);
  load.setIsVolatile(hints.isVolatile);
  return Obj::tensor(load.getResult(), p.type.withElem(pointee));
}

/// `tl.atomic_<op>(pointer, val, mask, sem, scope)` and
/// `tl.atomic_cas(pointer, cmp, val, sem, scope)`.
static std::optional<Obj> lowerAtomic(BuiltinCall &c) {
  bool isCas = c.name == "atomic_cas";
  if (!(isCas ? c.args.bind({"pointer", "cmp", "val", "sem=", "scope="})
              : c.args.bind({"pointer", "val", "mask=", "sem=", "scope="})))
    return std::nullopt;
  auto ptr = pointerArg(c.cg, c.args.raw(0), c.name, c.args.loc(0));
  if (!ptr)
    return std::nullopt;
  DType pointee = ptr->type.elem.getPointee();
  unsigned width = pointee.getBitWidth();
  auto sem = c.args.string(3, "acq_rel");
  auto scope = sem ? c.args.string(4, "gpu") : std::nullopt;
  if (!scope)
    return std::nullopt;
  auto semKind = tkcir::symbolizeMemSemantic(*sem);
  if (!semKind)
    return c.error("sem must be 'relaxed', 'acquire', 'release' or 'acq_rel', "
                   "got '" +
                   *sem + "'");
  auto scopeKind = tkcir::symbolizeMemSyncScope(*scope);
  if (!scopeKind)
    return c.error("scope must be 'gpu', 'cta' or 'sys', got '" + *scope + "'");
  auto semAttr = tkcir::MemSemanticAttr::get(&c.cg.ctx, *semKind);
  auto scopeAttr = tkcir::MemSyncScopeAttr::get(&c.cg.ctx, *scopeKind);
  Obj p = *ptr;
  if (isCas) {
    if (width != 16 && width != 32 && width != 64)
      return c.error("tl.atomic_cas does not support " + pointee.str() +
                     " (it needs 16-, 32- or 64-bit pointees)");
    auto cmp = c.cg.castObj(*c.args.raw(1), pointee, c.args.loc(1));
    auto val = cmp ? c.cg.castObj(*c.args.raw(2), pointee, c.args.loc(2))
                   : std::nullopt;
    if (!val)
      return std::nullopt;
    Obj expected = *cmp, v = *val;
    if (!c.cg.broadcastPair(p, expected, c.l) ||
        !c.cg.broadcastPair(p, v, c.l) || !c.cg.broadcastPair(expected, v, c.l))
      return std::nullopt;
    auto op =
        tkcir::AtomicCASOp::create(c.b, c.L, expected.value.getType(), semAttr,
                                   scopeAttr, p.value, expected.value, v.value);
    return Obj::tensor(op.getResult(), expected.type);
  }
  auto val = c.cg.castObj(*c.args.raw(1), pointee, c.args.loc(1));
  if (!val)
    return std::nullopt;
  Obj v = *val;
  if (!c.cg.broadcastPair(p, v, c.l))
    return std::nullopt;
  std::optional<Obj> mask;
  if (c.args.has(2)) {
    mask = c.cg.toBool(*c.args.get(2), c.args.loc(2));
    if (!mask || !c.cg.broadcastPair(p, *mask, c.l) ||
        !c.cg.broadcastPair(v, *mask, c.l))
      return std::nullopt;
  }
  return emitAtomicRMW(c, c.name.drop_front(7), p, v, mask, *semKind,
                       *scopeKind);
}

std::optional<Obj> emitAtomicRMW(BuiltinCall &c, llvm::StringRef kind,
                                 const Obj &p, const Obj &v,
                                 const std::optional<Obj> &mask,
                                 tkcir::MemSemantic sem,
                                 tkcir::MemSyncScope scope) {
  DType pointee = p.type.elem.getPointee();
  unsigned width = pointee.getBitWidth();
  std::string name = ("atomic_" + kind).str();
  tkcir::RMWOp rmw;
  if (kind == "add")
    rmw = pointee.isFloat() ? tkcir::RMWOp::fadd : tkcir::RMWOp::add;
  else if (kind == "max")
    rmw = pointee.isUnsigned() ? tkcir::RMWOp::umax : tkcir::RMWOp::max;
  else if (kind == "min")
    rmw = pointee.isUnsigned() ? tkcir::RMWOp::umin : tkcir::RMWOp::min;
  else if (kind == "and")
    rmw = tkcir::RMWOp::AND;
  else if (kind == "or")
    rmw = tkcir::RMWOp::OR;
  else if (kind == "xor")
    rmw = tkcir::RMWOp::XOR;
  else
    rmw = tkcir::RMWOp::xchg;
  if (rmw != tkcir::RMWOp::xchg && rmw != tkcir::RMWOp::fadd &&
      rmw != tkcir::RMWOp::max && rmw != tkcir::RMWOp::min && !pointee.isInt())
    return c.error("tl." + name + " needs an integer pointee, got " +
                   pointee.str());
  // Triton's own checks: 16-bit floats only add; no other 16-bit or
  // narrower integers.
  if (pointee.isFloat() && width == 16 && kind != "add")
    return c.error("tl." + name + " does not support " + pointee.str());
  if ((width != 16 && width != 32 && width != 64) ||
      (width == 16 && !pointee.isFloat()))
    return c.error("tl." + name + " does not support " + pointee.str() +
                   " (it needs fp16 or bf16 additions, or 32- or 64-bit "
                   "pointees)");
  auto op = tkcir::AtomicRMWOp::create(
      c.b, c.L, v.value.getType(), tkcir::RMWOpAttr::get(&c.cg.ctx, rmw),
      tkcir::MemSemanticAttr::get(&c.cg.ctx, sem),
      tkcir::MemSyncScopeAttr::get(&c.cg.ctx, scope), p.value, v.value,
      mask ? mask->value : mlir::Value());
  return Obj::tensor(op.getResult(), v.type);
}

llvm::ArrayRef<BuiltinEntry> memoryBuiltins() {
  static const BuiltinEntry entries[] = {
      // Blocks of pointers have the store and atomic methods
      // (`p.store(x, mask=m)`).
      {"tl.load", lowerLoadStore},
      {"tl.store", lowerLoadStore, "store"},
      {"tl.atomic_add", lowerAtomic, "atomic_add"},
      {"tl.atomic_max", lowerAtomic, "atomic_max"},
      {"tl.atomic_min", lowerAtomic, "atomic_min"},
      {"tl.atomic_and", lowerAtomic, "atomic_and"},
      {"tl.atomic_or", lowerAtomic, "atomic_or"},
      {"tl.atomic_xor", lowerAtomic, "atomic_xor"},
      {"tl.atomic_xchg", lowerAtomic, "atomic_xchg"},
      {"tl.atomic_cas", lowerAtomic, "atomic_cas"},
  };
  return entries;
}

} // namespace tkc::frontend
