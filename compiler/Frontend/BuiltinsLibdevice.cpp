//===- BuiltinsLibdevice.cpp - libdevice's typed and rounding functions --===//
//
// The functions of triton.language.extra.libdevice that convert between
// integers and floats, work on integers, or round as their name says
// (`float2int_rn`, `mulhi`, `brev`, `add_rz`, `sqrt_ru`, `jn`, ...): each is
// one NVIDIA libdevice symbol per argument dtypes, picked as Triton picks
// it, and lowered as a call of that symbol (tkc.extern_elementwise naming
// it in full). ROCm's device libraries have no such functions, and neither
// has Triton's AMD libdevice: on AMD targets the call is an error at its
// line. The reinterpretations (`float_as_int`, `longlong_as_double`,
// `double2hiint`, `hiloint2double`, ...) are bitcasts on every target. A
// few functions that BuiltinsMath.cpp lowers with generic ops (`fast_expf`,
// `fma`, `div_rn`, `fmod`, `pow`) call NVIDIA's symbol on NVIDIA where
// Triton does (lowerNvidiaOverload).
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Builtins.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <deque>
#include <vector>

namespace tkc::frontend {

using DK = DType::Kind;
namespace arith = mlir::arith;
namespace tkcir = mlir::tkc;

namespace {

/// One overload: the argument dtypes (short names, comma-separated), the
/// libdevice symbol and the result dtype.
struct Overload {
  llvm::StringLiteral name, params, symbol, result;
};

} // namespace

/// NVIDIA libdevice's functions of these names, one row per overload.
static constexpr Overload kOverloads[] = {
    {"add_rd", "fp64,fp64", "__nv_dadd_rd", "fp64"},
    {"add_rd", "fp32,fp32", "__nv_fadd_rd", "fp32"},
    {"add_rn", "fp64,fp64", "__nv_dadd_rn", "fp64"},
    {"add_rn", "fp32,fp32", "__nv_fadd_rn", "fp32"},
    {"add_ru", "fp64,fp64", "__nv_dadd_ru", "fp64"},
    {"add_ru", "fp32,fp32", "__nv_fadd_ru", "fp32"},
    {"add_rz", "fp64,fp64", "__nv_dadd_rz", "fp64"},
    {"add_rz", "fp32,fp32", "__nv_fadd_rz", "fp32"},
    {"brev", "i32", "__nv_brev", "i32"},
    {"brev", "i64", "__nv_brevll", "i64"},
    {"byte_perm", "i32,i32,i32", "__nv_byte_perm", "i32"},
    {"div_rd", "fp32,fp32", "__nv_fdiv_rd", "fp32"},
    {"div_rd", "fp64,fp64", "__nv_ddiv_rd", "fp64"},
    {"div_ru", "fp32,fp32", "__nv_fdiv_ru", "fp32"},
    {"div_ru", "fp64,fp64", "__nv_ddiv_ru", "fp64"},
    {"div_rz", "fp32,fp32", "__nv_fdiv_rz", "fp32"},
    {"div_rz", "fp64,fp64", "__nv_ddiv_rz", "fp64"},
    {"double2float_rd", "fp64", "__nv_double2float_rd", "fp32"},
    {"double2float_rn", "fp64", "__nv_double2float_rn", "fp32"},
    {"double2float_ru", "fp64", "__nv_double2float_ru", "fp32"},
    {"double2float_rz", "fp64", "__nv_double2float_rz", "fp32"},
    {"double2int_rd", "fp64", "__nv_double2int_rd", "i32"},
    {"double2int_rn", "fp64", "__nv_double2int_rn", "i32"},
    {"double2int_ru", "fp64", "__nv_double2int_ru", "i32"},
    {"double2int_rz", "fp64", "__nv_double2int_rz", "i32"},
    {"double2ll_rd", "fp64", "__nv_double2ll_rd", "i64"},
    {"double2ll_rn", "fp64", "__nv_double2ll_rn", "i64"},
    {"double2ll_ru", "fp64", "__nv_double2ll_ru", "i64"},
    {"double2ll_rz", "fp64", "__nv_double2ll_rz", "i64"},
    {"double2uint_rd", "fp64", "__nv_double2uint_rd", "i32"},
    {"double2uint_rn", "fp64", "__nv_double2uint_rn", "i32"},
    {"double2uint_ru", "fp64", "__nv_double2uint_ru", "i32"},
    {"double2uint_rz", "fp64", "__nv_double2uint_rz", "i32"},
    {"double2ull_rd", "fp64", "__nv_double2ull_rd", "i64"},
    {"double2ull_rn", "fp64", "__nv_double2ull_rn", "i64"},
    {"double2ull_ru", "fp64", "__nv_double2ull_ru", "i64"},
    {"double2ull_rz", "fp64", "__nv_double2ull_rz", "i64"},
    {"fast_exp10f", "fp32", "__nv_fast_exp10f", "fp32"},
    {"float2int_rd", "fp32", "__nv_float2int_rd", "i32"},
    {"float2int_rn", "fp32", "__nv_float2int_rn", "i32"},
    {"float2int_ru", "fp32", "__nv_float2int_ru", "i32"},
    {"float2int_rz", "fp32", "__nv_float2int_rz", "i32"},
    {"float2ll_rd", "fp32", "__nv_float2ll_rd", "i64"},
    {"float2ll_rn", "fp32", "__nv_float2ll_rn", "i64"},
    {"float2ll_ru", "fp32", "__nv_float2ll_ru", "i64"},
    {"float2ll_rz", "fp32", "__nv_float2ll_rz", "i64"},
    {"float2uint_rd", "fp32", "__nv_float2uint_rd", "i32"},
    {"float2uint_rn", "fp32", "__nv_float2uint_rn", "i32"},
    {"float2uint_ru", "fp32", "__nv_float2uint_ru", "i32"},
    {"float2uint_rz", "fp32", "__nv_float2uint_rz", "i32"},
    {"float2ull_rd", "fp32", "__nv_float2ull_rd", "i64"},
    {"float2ull_rn", "fp32", "__nv_float2ull_rn", "i64"},
    {"float2ull_ru", "fp32", "__nv_float2ull_ru", "i64"},
    {"float2ull_rz", "fp32", "__nv_float2ull_rz", "i64"},
    {"fma_rd", "fp32,fp32,fp32", "__nv_fmaf_rd", "fp32"},
    {"fma_rd", "fp64,fp64,fp64", "__nv_fma_rd", "fp64"},
    {"fma_ru", "fp32,fp32,fp32", "__nv_fmaf_ru", "fp32"},
    {"fma_ru", "fp64,fp64,fp64", "__nv_fma_ru", "fp64"},
    {"fma_rz", "fp32,fp32,fp32", "__nv_fmaf_rz", "fp32"},
    {"fma_rz", "fp64,fp64,fp64", "__nv_fma_rz", "fp64"},
    {"hadd", "i32,i32", "__nv_hadd", "i32"},
    {"hadd", "u32,u32", "__nv_uhadd", "u32"},
    {"int2double_rn", "i32", "__nv_int2double_rn", "fp64"},
    {"int2float_rd", "i32", "__nv_int2float_rd", "fp32"},
    {"int2float_rn", "i32", "__nv_int2float_rn", "fp32"},
    {"int2float_ru", "i32", "__nv_int2float_ru", "fp32"},
    {"int2float_rz", "i32", "__nv_int2float_rz", "fp32"},
    {"jn", "i32,fp32", "__nv_jnf", "fp32"},
    {"jn", "i32,fp64", "__nv_jn", "fp64"},
    {"ll2double_rd", "i64", "__nv_ll2double_rd", "fp64"},
    {"ll2double_rn", "i64", "__nv_ll2double_rn", "fp64"},
    {"ll2double_ru", "i64", "__nv_ll2double_ru", "fp64"},
    {"ll2double_rz", "i64", "__nv_ll2double_rz", "fp64"},
    {"ll2float_rd", "i64", "__nv_ll2float_rd", "fp32"},
    {"ll2float_rn", "i64", "__nv_ll2float_rn", "fp32"},
    {"ll2float_ru", "i64", "__nv_ll2float_ru", "fp32"},
    {"ll2float_rz", "i64", "__nv_ll2float_rz", "fp32"},
    {"llrint", "fp32", "__nv_llrintf", "i64"},
    {"llrint", "fp64", "__nv_llrint", "i64"},
    {"llround", "fp32", "__nv_llroundf", "i64"},
    {"llround", "fp64", "__nv_llround", "i64"},
    {"mul24", "i32,i32", "__nv_mul24", "i32"},
    {"mul24", "u32,u32", "__nv_umul24", "u32"},
    {"mul_rd", "fp64,fp64", "__nv_dmul_rd", "fp64"},
    {"mul_rd", "fp32,fp32", "__nv_fmul_rd", "fp32"},
    {"mul_rn", "fp64,fp64", "__nv_dmul_rn", "fp64"},
    {"mul_rn", "fp32,fp32", "__nv_fmul_rn", "fp32"},
    {"mul_ru", "fp64,fp64", "__nv_dmul_ru", "fp64"},
    {"mul_ru", "fp32,fp32", "__nv_fmul_ru", "fp32"},
    {"mul_rz", "fp64,fp64", "__nv_dmul_rz", "fp64"},
    {"mul_rz", "fp32,fp32", "__nv_fmul_rz", "fp32"},
    {"mulhi", "i32,i32", "__nv_mulhi", "i32"},
    {"mulhi", "u32,u32", "__nv_umulhi", "u32"},
    {"mulhi", "i64,i64", "__nv_mul64hi", "i64"},
    {"mulhi", "u64,u64", "__nv_umul64hi", "u64"},
    {"norm3d", "fp32,fp32,fp32", "__nv_norm3df", "fp32"},
    {"norm3d", "fp64,fp64,fp64", "__nv_norm3d", "fp64"},
    {"norm4d", "fp32,fp32,fp32,fp32", "__nv_norm4df", "fp32"},
    {"norm4d", "fp64,fp64,fp64,fp64", "__nv_norm4d", "fp64"},
    {"rcp64h", "fp64", "__nv_rcp64h", "fp64"},
    {"rcp_rd", "fp32", "__nv_frcp_rd", "fp32"},
    {"rcp_rd", "fp64", "__nv_drcp_rd", "fp64"},
    {"rcp_rn", "fp32", "__nv_frcp_rn", "fp32"},
    {"rcp_rn", "fp64", "__nv_drcp_rn", "fp64"},
    {"rcp_ru", "fp32", "__nv_frcp_ru", "fp32"},
    {"rcp_ru", "fp64", "__nv_drcp_ru", "fp64"},
    {"rcp_rz", "fp32", "__nv_frcp_rz", "fp32"},
    {"rcp_rz", "fp64", "__nv_drcp_rz", "fp64"},
    {"rhadd", "i32,i32", "__nv_rhadd", "i32"},
    {"rhadd", "u32,u32", "__nv_urhadd", "u32"},
    {"rnorm3d", "fp32,fp32,fp32", "__nv_rnorm3df", "fp32"},
    {"rnorm3d", "fp64,fp64,fp64", "__nv_rnorm3d", "fp64"},
    {"rnorm4d", "fp32,fp32,fp32,fp32", "__nv_rnorm4df", "fp32"},
    {"rnorm4d", "fp64,fp64,fp64,fp64", "__nv_rnorm4d", "fp64"},
    {"sad", "i32,i32,u32", "__nv_sad", "i32"},
    {"sad", "u32,u32,u32", "__nv_usad", "u32"},
    {"saturatef", "fp32", "__nv_saturatef", "fp32"},
    {"scalbn", "fp32,i32", "__nv_scalbnf", "fp32"},
    {"scalbn", "fp64,i32", "__nv_scalbn", "fp64"},
    {"sqrt_rd", "fp32", "__nv_fsqrt_rd", "fp32"},
    {"sqrt_rd", "fp64", "__nv_dsqrt_rd", "fp64"},
    {"sqrt_ru", "fp32", "__nv_fsqrt_ru", "fp32"},
    {"sqrt_ru", "fp64", "__nv_dsqrt_ru", "fp64"},
    {"sqrt_rz", "fp32", "__nv_fsqrt_rz", "fp32"},
    {"sqrt_rz", "fp64", "__nv_dsqrt_rz", "fp64"},
    {"sub_rd", "fp32,fp32", "__nv_fsub_rd", "fp32"},
    {"sub_rd", "fp64,fp64", "__nv_dsub_rd", "fp64"},
    {"sub_rn", "fp32,fp32", "__nv_fsub_rn", "fp32"},
    {"sub_rn", "fp64,fp64", "__nv_dsub_rn", "fp64"},
    {"sub_ru", "fp32,fp32", "__nv_fsub_ru", "fp32"},
    {"sub_ru", "fp64,fp64", "__nv_dsub_ru", "fp64"},
    {"sub_rz", "fp32,fp32", "__nv_fsub_rz", "fp32"},
    {"sub_rz", "fp64,fp64", "__nv_dsub_rz", "fp64"},
    {"uint2double_rn", "u32", "__nv_uint2double_rn", "fp64"},
    {"uint2float_rd", "u32", "__nv_uint2float_rd", "fp32"},
    {"uint2float_rn", "u32", "__nv_uint2float_rn", "fp32"},
    {"uint2float_ru", "u32", "__nv_uint2float_ru", "fp32"},
    {"uint2float_rz", "u32", "__nv_uint2float_rz", "fp32"},
    {"ull2double_rd", "u64", "__nv_ull2double_rd", "fp64"},
    {"ull2double_rn", "u64", "__nv_ull2double_rn", "fp64"},
    {"ull2double_ru", "u64", "__nv_ull2double_ru", "fp64"},
    {"ull2double_rz", "u64", "__nv_ull2double_rz", "fp64"},
    {"ull2float_rd", "u64", "__nv_ull2float_rd", "fp32"},
    {"ull2float_rn", "u64", "__nv_ull2float_rn", "fp32"},
    {"ull2float_ru", "u64", "__nv_ull2float_ru", "fp32"},
    {"ull2float_rz", "u64", "__nv_ull2float_rz", "fp32"},
    {"yn", "i32,fp32", "__nv_ynf", "fp32"},
    {"yn", "i32,fp64", "__nv_yn", "fp64"},
};

/// NVIDIA libdevice's overloads of functions that tkc lowers with generic
/// ops (BuiltinsMath.cpp) where these do not apply: Triton calls these
/// symbols on NVIDIA for arguments of exactly these dtypes, and so does
/// tkc (lowerNvidiaOverload). The fast approximations, the fused
/// multiply-adds and the division and remainder flush denormals to zero
/// there, as libdevice does under Triton; `pow` of an int32 exponent
/// multiplies.
static constexpr Overload kNvidiaFirst[] = {
    {"div_rn", "fp32,fp32", "__nv_fdiv_rn", "fp32"},
    {"div_rn", "fp64,fp64", "__nv_ddiv_rn", "fp64"},
    {"fast_cosf", "fp32", "__nv_fast_cosf", "fp32"},
    {"fast_dividef", "fp32,fp32", "__nv_fast_fdividef", "fp32"},
    {"fast_expf", "fp32", "__nv_fast_expf", "fp32"},
    {"fast_log10f", "fp32", "__nv_fast_log10f", "fp32"},
    {"fast_log2f", "fp32", "__nv_fast_log2f", "fp32"},
    {"fast_logf", "fp32", "__nv_fast_logf", "fp32"},
    {"fast_powf", "fp32,fp32", "__nv_fast_powf", "fp32"},
    {"fast_sinf", "fp32", "__nv_fast_sinf", "fp32"},
    {"fast_tanf", "fp32", "__nv_fast_tanf", "fp32"},
    {"fma", "fp32,fp32,fp32", "__nv_fmaf", "fp32"},
    {"fma", "fp64,fp64,fp64", "__nv_fma", "fp64"},
    {"fma_rn", "fp32,fp32,fp32", "__nv_fmaf_rn", "fp32"},
    {"fma_rn", "fp64,fp64,fp64", "__nv_fma_rn", "fp64"},
    {"fmod", "fp32,fp32", "__nv_fmodf", "fp32"},
    {"fmod", "fp64,fp64", "__nv_fmod", "fp64"},
    {"pow", "fp32,i32", "__nv_powif", "fp32"},
    {"pow", "fp64,i32", "__nv_powi", "fp64"},
};

/// The overloads of libdevice function `name` in `table`.
static llvm::SmallVector<const Overload *>
overloadsOf(llvm::StringRef name, llvm::ArrayRef<Overload> table = kOverloads) {
  llvm::SmallVector<const Overload *> found;
  for (const Overload &o : table)
    if (o.name == name)
      found.push_back(&o);
  return found;
}

llvm::StringRef libdeviceFunctionOfSymbol(llvm::StringRef symbol) {
  for (llvm::ArrayRef<Overload> table :
       {llvm::ArrayRef(kOverloads), llvm::ArrayRef(kNvidiaFirst)})
    for (const Overload &o : table)
      if (o.symbol == symbol)
        return o.name;
  return "";
}

/// The argument dtypes of `overload`.
static llvm::SmallVector<DType, 4> paramsOf(const Overload &overload) {
  llvm::SmallVector<llvm::StringRef> names;
  llvm::SplitString(overload.params, names, ",");
  llvm::SmallVector<DType, 4> types;
  for (llvm::StringRef n : names)
    types.push_back(*DType::parseShortName(n));
  return types;
}

/// Whether every argument of every overload of the function has one dtype
/// (`add_rn(x, y)`), so that its arguments are promoted to a common one as
/// Triton promotes them; `jn(n, x)` and `scalbn(x, n)` mix an int32 in.
static bool takesOneType(llvm::ArrayRef<const Overload *> overloads) {
  return llvm::all_of(overloads, [](const Overload *o) {
    return llvm::all_equal(paramsOf(*o));
  });
}

/// The first of `overloads` whose argument dtypes `args` have, or null.
static const Overload *
overloadTaking(llvm::ArrayRef<const Overload *> overloads,
               llvm::ArrayRef<Obj> args) {
  for (const Overload *o : overloads) {
    llvm::SmallVector<DType, 4> params = paramsOf(*o);
    if (params.size() == args.size() &&
        llvm::all_of(llvm::seq<size_t>(0, args.size()),
                     [&](size_t i) { return args[i].type.elem == params[i]; }))
      return o;
  }
  return nullptr;
}

// Pair by pair, twice, so that each argument meets the others' result.
bool unifyArgs(BuiltinCall &c, llvm::MutableArrayRef<Obj> args, bool promote) {
  for (int pass = 0; pass < 2; ++pass)
    for (size_t i = 1; i < args.size(); ++i)
      if (!(promote ? c.cg.promoteOperands(args[0], args[i],
                                           PromotionPurpose::Arithmetic, c.l)
                    : c.cg.broadcastPair(args[0], args[i], c.l)))
        return false;
  return true;
}

/// The call of `overload`'s symbol with `args`, which have its dtypes and
/// one shape.
static Obj emitOverloadCall(BuiltinCall &c, const Overload &overload,
                            llvm::ArrayRef<Obj> args) {
  llvm::SmallVector<mlir::Value> values;
  for (const Obj &a : args)
    values.push_back(a.value);
  TType type = args[0].type.withElem(*DType::parseShortName(overload.result));
  return Obj::tensor(tkcir::ExternElementwiseOp::create(c.b, c.L,
                                                        type.toMLIR(&c.cg.ctx),
                                                        overload.symbol, values)
                         .getResult(),
                     type);
}

/// A call of a function of kOverloads: its arguments broadcast to one shape
/// (and promoted to one dtype where it takes one), then the overload whose
/// argument dtypes they have, as a call of its symbol.
static std::optional<Obj> lowerOverloaded(BuiltinCall &c) {
  if (c.cg.vendor == "hip")
    return c.error(c.fullName +
                   " is a function of NVIDIA's libdevice alone: ROCm's "
                   "device libraries have none like it, nor has Triton's "
                   "AMD libdevice");
  llvm::SmallVector<const Overload *> overloads = overloadsOf(c.name);
  size_t arity = paramsOf(*overloads.front()).size();
  if (!(arity == 1   ? c.args.bind({"arg0"})
        : arity == 2 ? c.args.bind({"arg0", "arg1"})
        : arity == 3 ? c.args.bind({"arg0", "arg1", "arg2"})
                     : c.args.bind({"arg0", "arg1", "arg2", "arg3"})))
    return std::nullopt;
  llvm::SmallVector<Obj, 4> args;
  for (size_t i = 0; i < arity; ++i) {
    auto t = c.args.tensor(i);
    if (!t)
      return std::nullopt;
    args.push_back(*t);
  }
  if (!unifyArgs(c, args, takesOneType(overloads)))
    return std::nullopt;
  if (const Overload *o = overloadTaking(overloads, args))
    return emitOverloadCall(c, *o, args);
  std::string given, accepted;
  for (const Obj &a : args)
    given += (given.empty() ? "" : ", ") + a.type.elem.str();
  for (const Overload *o : overloads) {
    std::string types;
    for (const DType &p : paramsOf(*o))
      types += (types.empty() ? "" : ", ") + p.str();
    accepted += (accepted.empty() ? "(" : "; (") + types + ")";
  }
  return c.error(c.fullName + " takes " + accepted + ", not (" + given + ")");
}

bool lowerNvidiaOverload(BuiltinCall &c, std::optional<Obj> &result) {
  llvm::SmallVector<const Overload *> overloads =
      overloadsOf(c.name, kNvidiaFirst);
  // Keyword arguments, which the libdevice functions hardly see, take the
  // generic lowering.
  if (c.cg.vendor == "hip" || overloads.empty() || !c.call.keywords.empty() ||
      c.call.args.size() != paramsOf(*overloads.front()).size())
    return false;
  // The dtypes as Triton's to_tensor gives them (int32 for an int, fp32
  // for a float), unpromoted.
  llvm::SmallVector<Obj, 4> args;
  for (size_t i = 0; i < c.call.args.size(); ++i) {
    auto t = c.cg.toTensor(c.call.args[i],
                           i < c.call.argLocs.size() ? c.call.argLocs[i] : c.l);
    if (!t)
      return true;
    args.push_back(*t);
  }
  // Triton looks the dtypes up as they are, then, where no overload takes
  // them, promoted to one (`fmod(x, 3)` of an fp32 x: fp32, fp32).
  const Overload *overload = overloadTaking(overloads, args);
  if (!unifyArgs(c, args, /*promote=*/!overload))
    return true;
  if (!overload && !(overload = overloadTaking(overloads, args)))
    return false;
  result = emitOverloadCall(c, *overload, args);
  return true;
}

/// `libdevice.float_as_int` and the other reinterpretations of one value's
/// bits as another dtype of its width: a bitcast.
static std::optional<Obj> lowerReinterpret(BuiltinCall &c) {
  struct Cast {
    llvm::StringLiteral name;
    DK from, to;
  };
  static constexpr Cast kCasts[] = {
      {"float_as_int", DK::FP32, DK::I32},
      {"float_as_uint", DK::FP32, DK::I32},
      {"int_as_float", DK::I32, DK::FP32},
      {"uint_as_float", DK::U32, DK::FP32},
      {"double_as_longlong", DK::FP64, DK::I64},
      {"longlong_as_double", DK::I64, DK::FP64},
  };
  if (!c.args.bind({"arg0"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  const Cast *cast =
      llvm::find_if(kCasts, [&](const Cast &k) { return k.name == c.name; });
  if (x->type.elem != DType(cast->from))
    return c.error(c.fullName + " takes " + DType(cast->from).str() + ", not " +
                   x->type.elem.str());
  return c.cg.cast(*x, DType(cast->to), c.l, /*bitcast=*/true);
}

/// `libdevice.double2hiint` / `double2loint`: the high or low 32 bits of an
/// fp64, as int32.
static std::optional<Obj> lowerDoubleHalf(BuiltinCall &c) {
  if (!c.args.bind({"arg0"}))
    return std::nullopt;
  auto x = c.args.tensor(0);
  if (!x)
    return std::nullopt;
  if (x->type.elem != DType(DK::FP64))
    return c.error(c.fullName + " takes fp64, not " + x->type.elem.str());
  auto bits = c.cg.cast(*x, DType(DK::I64), c.l, /*bitcast=*/true);
  if (!bits)
    return std::nullopt;
  mlir::Value v = bits->value;
  if (c.name == "double2hiint")
    v = arith::ShRUIOp::create(c.b, c.L, v,
                               c.cg.constantInt(bits->type, 32, c.l).value);
  TType type = x->type.withElem(DType(DK::I32));
  return Obj::tensor(
      arith::TruncIOp::create(c.b, c.L, type.toMLIR(&c.cg.ctx), v), type);
}

/// `libdevice.hiloint2double(hi, lo)`: the fp64 whose high 32 bits are
/// int32 `hi` and low ones `lo`.
static std::optional<Obj> lowerHiLoToDouble(BuiltinCall &c) {
  if (!c.args.bind({"arg0", "arg1"}))
    return std::nullopt;
  auto hi = c.args.tensor(0), lo = c.args.tensor(1);
  if (!hi || !lo)
    return std::nullopt;
  if (hi->type.elem != DType(DK::I32) || lo->type.elem != DType(DK::I32))
    return c.error(c.fullName + " takes (int32, int32), not (" +
                   hi->type.elem.str() + ", " + lo->type.elem.str() + ")");
  Obj h = *hi, l = *lo;
  if (!c.cg.broadcastPair(h, l, c.l))
    return std::nullopt;
  TType wide = h.type.withElem(DType(DK::I64));
  mlir::Type i64 = wide.toMLIR(&c.cg.ctx);
  mlir::Value high = arith::ShLIOp::create(
      c.b, c.L, arith::ExtUIOp::create(c.b, c.L, i64, h.value),
      c.cg.constantInt(wide, 32, c.l).value);
  mlir::Value bits = arith::OrIOp::create(
      c.b, c.L, high, arith::ExtUIOp::create(c.b, c.L, i64, l.value));
  return c.cg.cast(Obj::tensor(bits, wide), DType(DK::FP64), c.l,
                   /*bitcast=*/true);
}

llvm::ArrayRef<BuiltinEntry> libdeviceBuiltins() {
  static const std::vector<BuiltinEntry> entries = [] {
    std::vector<BuiltinEntry> e = {
        {"libdevice.float_as_int", lowerReinterpret},
        {"libdevice.float_as_uint", lowerReinterpret},
        {"libdevice.int_as_float", lowerReinterpret},
        {"libdevice.uint_as_float", lowerReinterpret},
        {"libdevice.double_as_longlong", lowerReinterpret},
        {"libdevice.longlong_as_double", lowerReinterpret},
        {"libdevice.double2hiint", lowerDoubleHalf},
        {"libdevice.double2loint", lowerDoubleHalf},
        {"libdevice.hiloint2double", lowerHiLoToDouble},
    };
    // The full names, which the entries refer to, in a list whose strings
    // never move.
    static std::deque<std::string> fullNames;
    llvm::StringRef last;
    for (const Overload &o : kOverloads)
      if (o.name != last) {
        last = o.name;
        fullNames.push_back(("libdevice." + o.name).str());
      }
    for (const std::string &n : fullNames)
      e.push_back({n, lowerOverloaded});
    return e;
  }();
  return entries;
}

} // namespace tkc::frontend
