# RUN: tkc compile %s --kernel unary --signature '*fp32:16' --emit=ttir | FileCheck %s --check-prefix=UNARY
# RUN: tkc compile %s --kernel bit_counts --signature '*i32, *i64' --emit=ttir | FileCheck %s --check-prefix=BITCOUNT
# RUN: tkc compile %s --kernel extern_functions --signature '*fp32, *fp64' --emit=ttir | FileCheck %s --check-prefix=EXTERN
# RUN: tkc compile %s --kernel binary --signature '*fp32:16, *fp64:16' --emit=ttir | FileCheck %s --check-prefix=BINARY
# RUN: tkc compile %s --kernel binary --signature '*fp32:16, *fp64:16' --target gfx942 --emit=ttir | FileCheck %s --check-prefix=BINARY-AMD
# RUN: tkc compile %s --kernel tests --signature '*fp32:16, *i32:16' --emit=ttir | FileCheck %s --check-prefix=TESTS
# RUN: not tkc compile %s --kernel half --signature '*fp16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=HALF
# RUN: tkc compile %s --kernel extern_elementwise --signature '*fp32:16, *fp64:16' --emit=ttir | FileCheck %s --check-prefix=EXTEW
# RUN: not tkc compile %s --kernel extern_unknown --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=EXTEWBAD
# RUN: not tkc compile %s --kernel extern_no_entry --signature '*fp16:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=EXTEWTYPE
# RUN: not tkc compile %s --kernel extern_not_a_dict --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=EXTEWDICT
# The functions of triton.language.extra.libdevice lower to the math-dialect
# or arith op of the same meaning, the ops tl.* math uses where both exist
# and compute the same; exp, sqrt, sqrt_rn and rsqrt_rn call the library's
# own (more exact than tl.exp's and tl.sqrt's approximations, as Triton
# does). On NVIDIA, the fast approximations, fma, fmod, div_rn and pow of
# an int32 exponent call NVIDIA's own symbols, as Triton's do, for
# arguments of exactly their dtypes.
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def unary(p):
    x = tl.load(p)
    tl.store(p, libdevice.tanh(x))
    tl.store(p, libdevice.rsqrt(x))
    tl.store(p, libdevice.erf(x))
    tl.store(p, libdevice.exp(x))
    tl.store(p, libdevice.fast_expf(x))
    tl.store(p, libdevice.exp2(x))
    tl.store(p, libdevice.log(x))
    tl.store(p, libdevice.log1p(x))
    tl.store(p, libdevice.expm1(x))
    tl.store(p, libdevice.sqrt(x))
    tl.store(p, libdevice.sqrt_rn(x))
    tl.store(p, libdevice.rsqrt_rn(x))
    tl.store(p, tl.sqrt(x))
    tl.store(p, tl.sqrt_rn(x))
    tl.store(p, libdevice.floor(x))
    tl.store(p, libdevice.ceil(x))
    tl.store(p, libdevice.trunc(x))
    tl.store(p, libdevice.round(x))
    tl.store(p, libdevice.rint(x))
    tl.store(p, libdevice.sin(x))
    tl.store(p, libdevice.cos(x))
    tl.store(p, libdevice.abs(x))
    tl.store(p, libdevice.log10(x))
    tl.store(p, libdevice.asin(x))
# UNARY-LABEL: func.func @unary
# UNARY: %[[X:.*]] = tkc.load
# UNARY: math.tanh %[[X]] : f32
# UNARY: math.rsqrt %[[X]] : f32
# UNARY: math.erf %[[X]] : f32
# UNARY: tkc.extern_elementwise "exp"(%[[X]]) : f32 -> f32
# UNARY: tkc.extern_elementwise "__nv_fast_expf"(%[[X]]) : f32 -> f32
# UNARY: math.exp2 %[[X]] : f32
# UNARY: math.log %[[X]] : f32
# UNARY: math.log1p %[[X]] : f32
# UNARY: math.expm1 %[[X]] : f32
# UNARY: tkc.extern_elementwise "sqrt"(%[[X]]) : f32 -> f32
# UNARY: tkc.extern_elementwise "sqrt_rn"(%[[X]]) : f32 -> f32
# UNARY: tkc.extern_elementwise "rsqrt_rn"(%[[X]]) : f32 -> f32
# UNARY: math.sqrt %[[X]] fastmath<afn> : f32
# UNARY: math.sqrt %[[X]] : f32
# UNARY: math.floor %[[X]] : f32
# UNARY: math.ceil %[[X]] : f32
# UNARY: math.trunc %[[X]] : f32
# UNARY: math.round %[[X]] : f32
# UNARY: math.roundeven %[[X]] : f32
# UNARY: math.sin %[[X]] : f32
# UNARY: math.cos %[[X]] : f32
# UNARY: math.absf %[[X]] : f32
# UNARY: math.log10 %[[X]] : f32
# UNARY: math.asin %[[X]] : f32


@triton.jit
def binary(p, q):
    x = tl.load(p)
    tl.store(p, libdevice.pow(x, 2.0))
    tl.store(p, libdevice.pow(x, 2))
    tl.store(p, libdevice.fast_powf(x, x))
    tl.store(p, libdevice.fmod(x, 3))
    tl.store(p, libdevice.fast_dividef(x, 3.0))
    tl.store(p, libdevice.div_rn(x, x))
    tl.store(p, libdevice.atan2(x, x))
    tl.store(p, libdevice.copysign(x, -1.0))
    tl.store(p, libdevice.fma(x, x, 1.0))
    d = tl.load(q)
    tl.store(q, libdevice.pow(d, x))
# BINARY-LABEL: func.func @binary
# BINARY: %[[X:.*]] = tkc.load %arg0
# BINARY: math.powf %[[X]], %{{.*}} : f32
# BINARY: tkc.extern_elementwise "__nv_powif"(%[[X]], %{{.*}}) : f32, i32 -> f32
# BINARY: tkc.extern_elementwise "__nv_fast_powf"(%[[X]], %[[X]])
# BINARY: tkc.extern_elementwise "__nv_fmodf"(%[[X]], %{{.*}})
# BINARY: tkc.extern_elementwise "__nv_fast_fdividef"(%[[X]], %{{.*}})
# BINARY: tkc.extern_elementwise "__nv_fdiv_rn"(%[[X]], %[[X]])
# BINARY: math.atan2 %[[X]], %[[X]] : f32
# BINARY: math.copysign %[[X]], %{{.*}} : f32
# BINARY: tkc.extern_elementwise "__nv_fmaf"(%[[X]], %[[X]], %{{.*}})
# BINARY: %[[D:.*]] = tkc.load %arg1
# BINARY: %[[XD:.*]] = arith.extf %[[X]] : f32 to f64
# BINARY: math.powf %[[D]], %[[XD]] : f64
# Elsewhere, and for other dtypes, the generic ops: `/`'s division, which
# may approximate (fastmath afn), for fast_dividef, and a rounded one for
# div_rn.
# BINARY-AMD: %[[X:.*]] = tkc.load %arg0
# BINARY-AMD: math.powf %[[X]], %{{.*}} : f32
# BINARY-AMD: math.powf %[[X]], %[[X]] : f32
# BINARY-AMD: arith.remf %[[X]], %{{.*}} : f32
# BINARY-AMD: arith.divf %[[X]], %{{.*}} fastmath<afn> : f32
# BINARY-AMD: arith.divf %[[X]], %[[X]] : f32
# BINARY-AMD: math.fma %[[X]], %[[X]], %{{.*}} : f32


@triton.jit
def tests(p, q):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    tl.store(q + offs, libdevice.isnan(x).to(tl.int32))
    tl.store(q + offs, libdevice.isinf(x).to(tl.int32))
    tl.store(q + offs, libdevice.finitef(x).to(tl.int32))
    tl.store(q + offs, libdevice.signbit(x))
    tl.store(p + offs, tl.where(libdevice.isnan(x), 0.0, x))
# TESTS-LABEL: func.func @tests
# TESTS: %[[X:.*]] = tkc.load
# TESTS: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : tensor<16xf32>
# TESTS: arith.extui %[[NAN]] : tensor<16xi1> to tensor<16xi32>
# TESTS: %[[A:.*]] = math.absf %[[X]]
# TESTS: arith.cmpf oeq, %[[A]], %[[INF:.*]] : tensor<16xf32>
# TESTS: arith.cmpf one, %[[A]], %[[INF]] : tensor<16xf32>
# TESTS: %[[BITS:.*]] = arith.bitcast %[[X]] : tensor<16xf32> to tensor<16xi32>
# TESTS: %[[NEG:.*]] = arith.cmpi slt, %[[BITS]], %{{.*}} : tensor<16xi32>
# TESTS: arith.extui %[[NEG]] : tensor<16xi1> to tensor<16xi32>
# TESTS: arith.select %[[NAN]]


@triton.jit
def half(p):
    tl.store(p, libdevice.tanh(tl.load(p)))
# HALF: libdevice.py:[[@LINE-1]]:17: error: libdevice.tanh expects fp32 or fp64, got fp16; convert with .to(tl.float32)


# Functions the math dialect lacks become tkc.extern_elementwise by name
# (the backend picks the library symbol); fmax and fmin are arith's maxnum
# and minnum.
@triton.jit
def extern_functions(p, q):
    x = tl.load(p)
    # EXTERN: tkc.extern_elementwise "erfinv"(%{{.*}}) : f32 -> f32
    # EXTERN: tkc.extern_elementwise "hypot"(%{{.*}}, %{{.*}}) : f64, f64 -> f64
    # EXTERN: arith.maxnumf
    # EXTERN: tkc.extern_elementwise "cyl_bessel_i0"(%{{.*}}) : f64 -> f64
    y = libdevice.erfinv(x) + libdevice.hypot(tl.load(q), 2.0)
    tl.store(p, libdevice.cyl_bessel_i0(libdevice.fmax(y, 0.5)))
    # EXTERN: tkc.extern_elementwise "remainder"(%{{.*}}, %{{.*}}) : f32, f32 -> f32
    # EXTERN: tkc.extern_elementwise "fdim"(%{{.*}}, %{{.*}}) : f32, f32 -> f32
    # EXTERN: tkc.extern_elementwise "rhypot"(%{{.*}}, %{{.*}}) : f32, f32 -> f32
    # EXTERN: tkc.extern_elementwise "ilogb"(%{{.*}}) : f32 -> i32
    z = libdevice.remainder(x, 3.0) + libdevice.fdim(x, 1.0)
    tl.store(p, z + libdevice.rhypot(x, 2.0) + libdevice.ilogb(x))


# Bit counts of 32- and 64-bit integers, as int32.
@triton.jit
def bit_counts(p, q):
    # BITCOUNT: math.ctpop %{{.*}} : i32
    # BITCOUNT: math.ctlz %{{.*}} : i64
    # BITCOUNT: arith.trunci %{{.*}} : i64 to i32
    # BITCOUNT: math.cttz %{{.*}} : i32
    # BITCOUNT: arith.select
    x = tl.load(p)
    tl.store(p, libdevice.popc(x) + libdevice.clz(tl.load(q)) + libdevice.ffs(x))


# tl.extern_elementwise, as @core.extern functions wrap it (vLLM's ROCm
# round_f32; Triton 3.4 and later pass `_semantic` where 3.3 passed
# `_builder`): the entry for the arguments' dtypes picks a symbol. An LLVM
# intrinsic that every target selects exactly is called as it is, named
# with its type (as Triton calls it: llvm.floor.f32 keeps denormals, where
# libdevice's floorf flushes them); a transcendental one, or a
# libdevice/ocml function, is tkc's libdevice function of that name on
# every target.
from triton.language import core


@core.extern
def round_f32(arg0, _builder=None):
    return core.extern_elementwise(
        "", "", [arg0], {
            (core.dtype("fp32"), ): ("llvm.round", core.dtype("fp32")),
            (core.dtype("fp64"), ): ("llvm.round", core.dtype("fp64")),
        }, is_pure=True, _builder=_builder)


@core.extern
def fma_f32(arg0, arg1, arg2, _semantic=None):
    return core.extern_elementwise(
        "", "", [arg0, arg1, arg2], {
            (core.dtype("fp32"), core.dtype("fp32"), core.dtype("fp32")):
            ("llvm.fma.f32", core.dtype("fp32")),
        }, is_pure=True, _semantic=_semantic)


@core.extern
def exp_f32(arg0, _semantic=None):
    return core.extern_elementwise(
        "", "", [arg0], {(core.dtype("fp32"), ): ("llvm.exp.f32", core.dtype("fp32"))},
        is_pure=True, _semantic=_semantic)


@triton.jit
def extern_elementwise(x, y):
    offs = tl.arange(0, 64)
    a = tl.load(x + offs)
    tl.store(x + offs, round_f32(a) + fma_f32(a, a, 1.0) + exp_f32(a))
    v = tl.load(y + offs)
    w = tl.extern_elementwise("libdevice", "", [v, v], {
        (tl.float64, tl.float64): ("__nv_pow", tl.float64),
        (tl.float32, tl.float32): ("__nv_powf", tl.float32)}, is_pure=True)
    tl.store(y + offs, tl.extern_elementwise("", "", [w], {
        (tl.float64,): ("__ocml_tanh_f64", tl.float64)}, is_pure=True))
# EXTEW-LABEL: func.func @extern_elementwise
# EXTEW: %[[A:.*]] = tkc.load
# EXTEW: tkc.extern_elementwise "llvm.round.f32"(%[[A]]) : tensor<64xf32> -> tensor<64xf32>
# EXTEW: tkc.extern_elementwise "llvm.fma.f32"(%[[A]], %[[A]], %{{.*}}) : tensor<64xf32>, tensor<64xf32>, tensor<64xf32> -> tensor<64xf32>
# EXTEW: tkc.extern_elementwise "exp"(%[[A]]) : tensor<64xf32> -> tensor<64xf32>
# EXTEW: math.powf %{{.*}} : tensor<64xf64>
# EXTEW: math.tanh %{{.*}} : tensor<64xf64>


@triton.jit
def extern_unknown(x):
    offs = tl.arange(0, 64)
    # EXTEWBAD: libdevice.py:[[@LINE+1]]:24: error: external function 'my_lib_fn' is not supported by tkc yet (it maps llvm.* intrinsics and libdevice and ocml functions to its own math)
    tl.store(x + offs, tl.extern_elementwise("mylib", "/tmp/mylib.bc", [tl.load(x + offs)], {(tl.float32,): ("my_lib_fn", tl.float32)}, is_pure=True))


@triton.jit
def extern_no_entry(x):
    offs = tl.arange(0, 64)
    # The error is where the table is, in round_f32.
    # EXTEWTYPE: libdevice.py:{{[0-9]+}}:12: error: tl.extern_elementwise has no entry for arguments of fp16
    tl.store(x + offs, round_f32(tl.load(x + offs)))


@triton.jit
def extern_not_a_dict(x):
    offs = tl.arange(0, 64)
    # EXTEWDICT: libdevice.py:[[@LINE+1]]:24: error: tl.extern_elementwise needs a dict from argument dtypes to (symbol, result dtype)
    tl.store(x + offs, tl.extern_elementwise("", "", [tl.load(x + offs)], (tl.float32, ), is_pure=True))
