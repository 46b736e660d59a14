//===- BuiltinsCreation.cpp - Program ids, ranges, constants and casts ----===//
//
// The `tl` functions that make values rather than transform them: the
// program's position in the launch grid (tl.program_id, tl.num_programs),
// the launch's sizes (tl.extra.cuda.num_warps, num_threads: constexprs),
// tl.arange, constant blocks (tl.zeros, tl.full and their `_like` forms),
// and types: tl.cast (the `x.to()` method) and tl.pointer_type.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"
#include "metadata/TargetName.h"

#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <limits>

namespace tkc::frontend {

using Kind = Obj::Kind;
using DK = DType::Kind;
namespace tkcir = mlir::tkc;

/// `tl.program_id(axis)` and `tl.num_programs(axis)`.
static std::optional<Obj> lowerProgramId(BuiltinCall &c) {
  if (!c.args.bind({"axis"}))
    return std::nullopt;
  auto axis = c.args.integer(0, 0);
  if (!axis)
    return std::nullopt;
  if (*axis < 0 || *axis > 2)
    return c.error("tl." + c.name + " axis must be 0, 1 or 2, got " +
                   std::to_string(*axis));
  auto attr = c.b.getI32IntegerAttr(*axis);
  mlir::Value v =
      c.name == "program_id"
          ? tkcir::ProgramIdOp::create(c.b, c.L, c.b.getI32Type(), attr)
                .getResult()
          : tkcir::NumProgramsOp::create(c.b, c.L, c.b.getI32Type(), attr)
                .getResult();
  return Obj::tensor(v, TType{DType(DK::I32), {}});
}

/// `tl.arange(start, end)`: a power-of-two range of int32.
static std::optional<Obj> lowerArange(BuiltinCall &c) {
  if (!c.args.bind({"start", "end"}))
    return std::nullopt;
  auto start = c.args.integer(0, 0), end = c.args.integer(1, 0);
  if (!start || !end)
    return std::nullopt;
  if (*end <= *start)
    return c.error("tl.arange needs end > start, got [" +
                   std::to_string(*start) + ", " + std::to_string(*end) + ")");
  if (*start < std::numeric_limits<int32_t>::min() ||
      *end > std::numeric_limits<int32_t>::max())
    return c.error("tl.arange bounds must fit in int32");
  int64_t n = *end - *start;
  if (!llvm::isPowerOf2_64(n))
    return c.error("tl.arange range size must be a power of two, got " +
                   std::to_string(n));
  TType t{DType(DK::I32), {n}};
  return Obj::tensor(tkcir::MakeRangeOp::create(c.b, c.L, t.toMLIR(&c.cg.ctx),
                                                c.b.getI32IntegerAttr(*start),
                                                c.b.getI32IntegerAttr(*end)),
                     t);
}

/// `tl.zeros(shape, dtype)` and `tl.full(shape, value, dtype)`.
static std::optional<Obj> lowerFull(BuiltinCall &c) {
  bool isFull = c.name == "full";
  if (!(isFull ? c.args.bind({"shape", "value", "dtype"})
               : c.args.bind({"shape", "dtype"})))
    return std::nullopt;
  auto shape = c.cg.constShape(*c.args.raw(0), c.args.loc(0));
  auto dtype = c.args.dtype(isFull ? 2 : 1);
  if (!shape || !dtype)
    return std::nullopt;
  if (dtype->isPtr())
    return c.error("tl." + c.name + " cannot create a block of pointers");
  TType t{*dtype, *shape};
  Obj value = isFull ? *c.args.raw(1) : Obj::integer(0);
  if (dtype->isFloat() && value.isNumber())
    return c.cg.constantFloat(t,
                              value.kind == Kind::Float
                                  ? value.floatValue
                                  : static_cast<double>(value.intValue),
                              c.l);
  if (dtype->isInt() && value.kind != Kind::Float && value.isNumber()) {
    std::optional<int64_t> bits = c.cg.intBits(value.intValue, c.l);
    if (!bits)
      return std::nullopt;
    return c.cg.constantInt(t, *bits, c.l);
  }
  auto v = c.cg.castObj(value, *dtype, c.args.loc(1));
  if (!v)
    return std::nullopt;
  if (v->type.isBlock())
    return c.error("tl.full needs a scalar value, got " + v->type.str());
  return c.cg.broadcastTo(*v, *shape, c.l);
}

/// `tl.zeros_like(input)` and `tl.full_like(input, value)`: tl.zeros and
/// tl.full with the input's shape and (unless given) dtype.
static std::optional<Obj> lowerFullLike(BuiltinCall &c) {
  bool isFull = c.name == "full_like";
  if (!(isFull ? c.args.bind({"input", "value", "dtype="})
               : c.args.bind({"input", "dtype="})))
    return std::nullopt;
  auto in = c.args.tensor(0);
  if (!in)
    return std::nullopt;
  size_t di = isFull ? 2 : 1;
  DType dt = c.args.has(di) ? *c.args.dtype(di) : in->type.elem;
  Obj shape = Obj::tuple({});
  for (int64_t d : in->type.shape)
    shape.elems.push_back(Obj::integer(d));
  CallArgs inner;
  inner.args = {shape};
  if (isFull)
    inner.args.push_back(*c.args.get(1));
  inner.args.push_back(Obj::dtypeObj(dt));
  return c.callBuiltin(isFull ? "tl.full" : "tl.zeros", inner);
}

/// `tl.cast(input, dtype)`, also `x.to(dtype)`.
static std::optional<Obj> lowerCast(BuiltinCall &c) {
  if (!c.args.bind({"input", "dtype", "fp_downcast_rounding=", "bitcast="}))
    return std::nullopt;
  auto in = c.args.tensor(0);
  auto dt = in ? c.args.dtype(1) : std::nullopt;
  auto bitcast = dt ? c.args.flag(3, false) : std::nullopt;
  if (!bitcast)
    return std::nullopt;
  // As in Triton, a bitcast keeps the bits and a cast to the input's own
  // dtype the value, whatever the rounding says (Triton's conversion tests
  // pass it a number there).
  if (c.args.has(2) && !*bitcast && in->type.elem != *dt) {
    auto r = c.args.string(2, "");
    if (!r)
      return std::nullopt;
    if (*r != "rtne" && *r != "rtz")
      return c.error("fp_downcast_rounding must be 'rtne' or 'rtz', got '" +
                     *r + "'");
    if (*r == "rtz")
      return c.cg.castTowardZero(*in, *dt, c.l);
  }
  return c.cg.cast(*in, *dt, c.l, *bitcast);
}

/// `tl.pointer_type(element_ty)`: a pointer dtype.
static std::optional<Obj> lowerPointerType(BuiltinCall &c) {
  if (!c.args.bind({"element_ty", "address_space="}))
    return std::nullopt;
  auto e = c.args.dtype(0);
  auto as = c.args.integer(1, 1);
  if (!e || !as)
    return std::nullopt;
  return Obj::dtypeObj(DType::pointerTo(*e, *as));
}

/// `tl.dtype(name)`: the dtype Triton names `name` (`"uint32"`, `"fp16"`,
/// `"bf16"`, `"fp8e4nv"`, ...), as a compile-time string.
static std::optional<Obj> lowerDtype(BuiltinCall &c) {
  if (!c.args.bind({"name"}))
    return std::nullopt;
  auto name = c.args.string(0, "");
  if (!name)
    return std::nullopt;
  std::optional<DType> dt = DType::fromLanguageName(*name);
  if (!dt)
    dt = DType::parseShortName(*name);
  // Only Triton's own spellings (dtype.str()), as its constructor checks.
  if (!dt || dt->isPtr() || dt->str() != *name)
    return c.error("tl.dtype() takes a Triton type name such as 'int32', "
                   "'uint8', 'fp16' or 'bf16', got '" +
                   *name + "'");
  return Obj::dtypeObj(*dt);
}

/// `tl.core.get_int_dtype(bitwidth, signed)`: the integer dtype of that
/// width and signedness (int1 for a width of 1), as Triton's helper.
static std::optional<Obj> lowerIntDtype(BuiltinCall &c) {
  if (!c.args.bind({"bitwidth", "signed"}))
    return std::nullopt;
  auto bits = c.args.integer(0, 0);
  auto isSigned = bits ? c.args.flag(1, true) : std::nullopt;
  if (!isSigned)
    return std::nullopt;
  if (*bits == 1)
    return Obj::dtypeObj(DType(DType::Kind::I1));
  std::optional<DType> dt = DType::fromLanguageName(
      (*isSigned ? "int" : "uint") + std::to_string(*bits));
  if (!dt)
    return c.error("tl.core.get_int_dtype takes a width of 1, 8, 16, 32 or "
                   "64, got " +
                   std::to_string(*bits));
  return Obj::dtypeObj(*dt);
}

/// `tl.extra.cuda.num_warps()` and `num_threads()`: the launch's warps per
/// program, and its threads (32 per warp, as on CUDA), as constexprs.
static std::optional<Obj> lowerLaunchSize(BuiltinCall &c) {
  if (!c.args.bind({}))
    return std::nullopt;
  int64_t warps = c.cg.numWarps;
  return Obj::integer(c.name == "num_threads" ? warps * 32 : warps);
}

/// triton.language.target_info's questions about the target compiled for,
/// as constexpr booleans: `is_cuda()`, `is_hip()`, `is_hip_cdna3()`
/// (gfx942), `is_hip_cdna4()` (gfx950) and `cuda_capability_geq(major,
/// minor=0)` (sm_90a is 9.0). Kernels guard inline assembly a newer chip
/// has with them (FastVideo's fp4 packing on 10.0).
static std::optional<Obj> lowerTargetInfo(BuiltinCall &c) {
  bool capability = c.name == "cuda_capability_geq";
  if (!(capability ? c.args.bind({"major", "minor="}) : c.args.bind({})))
    return std::nullopt;
  if (c.cg.vendor.empty())
    return c.error("triton.language.target_info." + c.name.str() +
                   "() needs the target compiled for (--target)");
  llvm::StringRef arch = c.cg.arch;
  if (!capability) {
    bool cuda = c.cg.vendor == "cuda", hip = c.cg.vendor == "hip";
    return Obj::boolean(c.name == "is_cuda"        ? cuda
                        : c.name == "is_hip"       ? hip
                        : c.name == "is_hip_cdna3" ? hip && arch == "gfx942"
                                                   : hip && arch == "gfx950");
  }
  std::optional<int64_t> major = c.args.integer(0, 0);
  std::optional<int64_t> minor = c.args.integer(1, 0);
  if (!major || !minor)
    return std::nullopt;
  // Triton compares its target.arch (90 for sm_90a); false on other vendors.
  std::optional<metadata::CudaCapability> version =
      c.cg.vendor == "cuda" ? metadata::parseCudaCapability(arch)
                            : std::nullopt;
  return Obj::boolean(version && version->major * 10 + version->minor >=
                                     *major * 10 + *minor);
}

llvm::ArrayRef<BuiltinEntry> creationBuiltins() {
  static const BuiltinEntry entries[] = {
      {"tl.program_id", lowerProgramId},
      {"tl.num_programs", lowerProgramId},
      {"cuda.num_warps", lowerLaunchSize},
      {"cuda.num_threads", lowerLaunchSize},
      {"target_info.is_cuda", lowerTargetInfo},
      {"target_info.is_hip", lowerTargetInfo},
      {"target_info.is_hip_cdna3", lowerTargetInfo},
      {"target_info.is_hip_cdna4", lowerTargetInfo},
      {"target_info.cuda_capability_geq", lowerTargetInfo},
      {"tl.arange", lowerArange},
      {"tl.zeros", lowerFull},
      {"tl.full", lowerFull},
      {"tl.zeros_like", lowerFullLike},
      {"tl.full_like", lowerFullLike},
      {"tl.cast", lowerCast, "cast"},
      // `x.to(dtype)`, the method of blocks that tl.cast mirrors.
      {"tensor.to", lowerCast, "to"},
      {"tl.pointer_type", lowerPointerType},
      {"tl.dtype", lowerDtype},
      {"tl.get_int_dtype", lowerIntDtype},
  };
  return entries;
}

} // namespace tkc::frontend
