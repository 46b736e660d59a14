# RUN: tkc compile %s --kernel conditional_imports --signature '*fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=COND
# RUN: tkc compile %s --kernel libdevice_modules --signature '*fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=MODULES
# RUN: not tkc compile %s --kernel host_branch_name --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=HOST
# RUN: not tkc compile %s --kernel missing_libdevice --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=MISSING
# RUN: tkc compile %s --kernel try_attribute --signature '*fp32:16, i32' --emit=ttir | FileCheck %s --check-prefix=TRY
# RUN: tkc compile %s --kernel torch_constants --signature '*fp32' --emit=ttir | FileCheck %s --check-prefix=TORCH
# RUN: not tkc compile %s --kernel torch_uint64_max --signature '*u64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=TORCHU64
# RUN: not tkc compile %s --kernel torch_tensor --signature '*fp32' --emit=ttir 2>&1 | FileCheck %s --check-prefix=TORCHBAD
# RUN: tkc compile %s --kernel torch_vendor --signature '*fp32' --target sm_90a --emit=ttir | FileCheck %s --check-prefix=TORCHNV
# RUN: tkc compile %s --kernel torch_vendor --signature '*fp32' --target gfx942 --emit=ttir | FileCheck %s --check-prefix=TORCHAMD
# RUN: tkc compile %s --kernel patched_shim --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=SHIM
# RUN: tkc compile %s --kernel other_vendor_branch --signature '*fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=VENDOR
# RUN: tkc compile %s --kernel env_branches --signature '*fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=ENV
# RUN: tkc compile %s --kernel host_chosen_constexpr --signature '*fp32:16, 16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=PRECISION
# RUN: tkc compile %s --kernel host_chosen_helper --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=HELPER
# RUN: tkc compile %s --kernel host_chosen_helper --signature '*fp32:16, 64' --emit=ttir --target sm_90a 2>&1 | FileCheck %s --check-prefix=HELPER-NV
# RUN: tkc compile %s --kernel host_chosen_helper --signature '*fp32:16, 64' --emit=ttir --target gfx942 2>&1 | FileCheck %s --check-prefix=HELPER-AMD
# RUN: tkc compile %s --kernel host_chosen_helper --signature '*fp32:16, 64' --target gfx942 --target sm_90a -o %t 2>&1 | FileCheck %s --check-prefix=HELPER-BOTH
# RUN: tkc compile %s --kernel host_built_asm --signature '*fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=HOSTFN
# RUN: not tkc compile %s --kernel host_format_spec --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=HOSTSPEC
# RUN: not tkc compile %s --kernel host_call_in_kernel --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=HOSTCALL
# RUN: tkc compile %s --kernel math_constants --signature '*fp32:16' --emit=ttir | FileCheck %s --check-prefix=MATH
# RUN: not tkc compile %s --kernel math_domain --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=MATHERR
# RUN: tkc compile %s --kernel constexpr_function_call --signature '*bf16:16, *fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=CXFN
# RUN: tkc compile %s --kernel constexpr_function_assigned --signature '*fp16:16, *i16:16, 64' --emit=ttir | FileCheck %s --check-prefix=CXFN2
# RUN: tkc compile %s --kernel constexpr_function_table --signature '*bf16:16, *fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=CXDICT
# RUN: not tkc compile %s --kernel constexpr_function_table --signature '*fp16:16, *fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=CXDICTKEY
# RUN: tkc compile %s --kernel constexpr_unwrapped --signature '*fp32:16, *i32:16, 64' --emit=ttir | FileCheck %s --check-prefix=CXUNWRAP
# RUN: tkc compile %s --kernel vendor_generation --signature '*fp32:16, 64' --emit=ttir --target sm_90a 2>&1 | FileCheck %s --check-prefix=GEN-NV
# RUN: tkc compile %s --kernel vendor_generation --signature '*fp32:16, 64' --emit=ttir --target gfx942 2>&1 | FileCheck %s --check-prefix=GEN-AMD
# RUN: tkc compile %s --kernel random_module --signature '*fp32:16, i32' --emit=ttir | FileCheck %s --check-prefix=RANDOM
# RUN: tkc compile %s --kernel version_probes --signature "*i32:16, i32" --emit=ttir 2>&1 | FileCheck %s --check-prefix=PROBE
# RUN: tkc compile %s --kernel importlib_found --signature '*fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=IMPORTLIB
# RUN: not tkc compile %s --kernel walrus_in_kernel --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=WALRUS
# RUN: not tkc compile %s --kernel importlib_elsewhere --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=IMPORTLIBBAD
# Names imported under module-level if/try, as kernel libraries import
# libdevice: tkc takes the first branch that imports from triton.language
# (never evaluating the conditions), like Triton's JIT where Triton is
# installed; names only other branches bind have no value in a kernel.
import operator

import triton
import triton.language as tl
import triton.language.extra.libdevice as ld
from triton.language.extra import libdevice
from triton.language.extra.cuda import libdevice as cuda_libdevice

if compare_version("triton", operator.ge, "3.0.0") and not is_npu_available():
    try:
        # typical import path with dispatch available
        from triton.language.extra.libdevice import rsqrt, tanh
    except ModuleNotFoundError:
        # for working with NGC containers
        from triton.language.extra.cuda.libdevice import rsqrt, tanh
else:
    from triton.language.math import rsqrt, tanh

try:
    import torch_npu
    HAS_NPU = True
except ImportError:
    HAS_NPU = False


@triton.jit
def conditional_imports(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(p + offs)
    tl.store(p + offs, tanh(x) + rsqrt(x))
# COND-LABEL: func.func @conditional_imports
# COND: %[[X:.*]] = tkc.load
# COND: %[[T:.*]] = math.tanh %[[X]] : tensor<64xf32>
# COND: %[[R:.*]] = math.rsqrt %[[X]] : tensor<64xf32>
# COND: arith.addf %[[T]], %[[R]] : tensor<64xf32>


@triton.jit
def libdevice_modules(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(p + offs)
    y = libdevice.erf(x) + ld.exp(x) + cuda_libdevice.log1p(x)
    tl.store(p + offs, y)
# MODULES-LABEL: func.func @libdevice_modules
# MODULES: math.erf
# MODULES: tkc.extern_elementwise "exp"
# MODULES: math.log1p


@triton.jit
def host_branch_name(p):
    tl.store(p, HAS_NPU)
# HOST: imports.py:[[@LINE-1]]:17: error: global 'HAS_NPU' is host code that tkc cannot evaluate
# HOST: imports.py:{{[0-9]+}}:5: note: 'HAS_NPU' is assigned here


@triton.jit
def missing_libdevice(p):
    tl.store(p, libdevice.float_as_short(tl.load(p)))
# MISSING: imports.py:[[@LINE-1]]:27: error: tkc knows no libdevice.float_as_short (it has every function of Triton 3.6's libdevice)


# A try body that assigns an attribute of triton.language is taken over an
# except branch that defines the same name (FlagGems' random_utils).
try:
    uniform_of = tl.uint_to_uniform_float
except AttributeError:
    @triton.jit
    def uniform_of(x):
        return x


@triton.jit
def try_attribute(p, seed):
    # TRY: func.func @try_attribute
    # TRY: arith.sitofp
    tl.store(p, uniform_of(tl.randint(seed, 0)))


# Module-level constants computed with torch (FlagGems' top-k): torch's
# dtypes, finfo and iinfo are evaluated; other torch names are errors.
import torch
from triton.language.standard import _log2
from triton.language.random import philox, randint

_MIN_FP32 = tl.constexpr(torch.finfo(torch.float32).min)
_EPS_BF16 = tl.constexpr(torch.finfo(torch.bfloat16).eps)
_MAX_I16 = tl.constexpr(torch.iinfo(torch.int16).max)


@triton.jit
def torch_constants(p):
    # TORCH-DAG: arith.constant -3.40282347E+38 : f32
    # TORCH-DAG: arith.constant 7.812500e-03 : f32
    # TORCH-DAG: arith.constant 3.276700e+04 : f32
    # TORCH-DAG: arith.constant 5.000000e+00 : f32
    tl.store(p, tl.load(p) + _MIN_FP32 + _EPS_BF16 + _MAX_I16 + _log2(32))


# triton.language.random's names imported by themselves (Triton's
# triton_kernels: `from triton.language.random import philox`).
@triton.jit
def random_module(p, seed):
    # RANDOM: func.func @random_module
    # RANDOM: arith.muli {{.*}} : i64
    # RANDOM: arith.uitofp
    a, b, _, _ = philox(seed, 1, 2, 3, 4)
    tl.store(p, (a ^ b ^ randint(seed, 5)).to(tl.float32))


@triton.jit
def torch_tensor(p):
    # TORCHBAD: imports.py:[[@LINE+1]]:23: error: torch.zeros cannot be used by tkc (it evaluates torch's dtypes, torch.finfo, torch.iinfo, torch.version.hip and .cuda, and torch.cuda.is_available())
    tl.store(p, torch.zeros(4))


def _on_rocm():
    return torch.cuda.is_available() and torch.version.hip is not None


# torch.version's vendor fields and torch.cuda.is_available(), as torchao
# picks atomics and code paths by vendor, in a kernel and through a host
# function at module level.
_IS_ROCM = tl.constexpr(_on_rocm())


@triton.jit
def torch_vendor(p):
    # TORCHNV: arith.constant 1.000000e+00
    # TORCHNV: atomic_rmw max, acq_rel
    # TORCHAMD: arith.constant 2.000000e+00
    # TORCHAMD: atomic_rmw max, relaxed
    tl.store(p, 2.0 if _IS_ROCM else 1.0)
    if tl.constexpr(torch.version.hip is not None and torch.version.cuda is None):
        tl.atomic_max(p + 1, 3.0, sem="relaxed")
    else:
        tl.atomic_max(p + 1, 3.0)


_MAX_U64 = tl.constexpr(torch.iinfo(torch.uint64).max)


@triton.jit
def torch_uint64_max(p):
    tl.store(p, _MAX_U64)
# TORCHU64: imports.py:[[@LINE-6]]:51: error: torch.iinfo(uint64).max: 2**64 - 1 does not fit tkc's 64-bit constexpr ints


# A library's math shim, chosen by nested tries and then patched by host
# code (FlagGems' tl_extra_shim): the inner branch that names
# triton.language through `triton.language.extra.libdevice` is taken, and
# the patch, a host function applied to the name itself, leaves the binding
# as it was, with a note. A global rebound from itself sees its value
# before, as in Python: SCALE is 2 * 3 + 2.
try:
    tl_extra_shim = backend.get_tl_extra_backend_module()
except ImportError:
    try:
        tl_extra_shim = triton.language.extra.libdevice
    except AttributeError:
        tl_extra_shim = triton.language.math


def _patch_missing_symbols(module, names):
    return module


tl_extra_shim = _patch_missing_symbols(tl_extra_shim, ("acos", "atan"))
SCALE = 2
SCALE = SCALE * 3 + SCALE


# SHIM: imports.py:[[@LINE-5]]:1: note: tkc keeps 'tl_extra_shim' as bound before this host code, which it does not run
# SHIM-LABEL: func.func @patched_shim
# SHIM-DAG: arith.constant dense<8.000000e+00>
# SHIM-DAG: math.erf
@triton.jit
def patched_shim(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(p + offs)
    tl.store(p + offs, tl_extra_shim.erf(x) * SCALE)


# A branch for another vendor's Triton fork names a module Triton does not
# ship (tl.extra.intel): the branch Triton's JIT runs is the other one
# (unsloth's triton_tanh).
if Version(triton.__version__) >= Version("3.0.0"):
    if DEVICE_TYPE == "xpu":
        vendor_tanh = tl.extra.intel.libdevice.tanh
    else:
        from triton.language.extra import libdevice
        vendor_tanh = libdevice.tanh


# VENDOR-LABEL: func.func @other_vendor_branch
# VENDOR: math.tanh
@triton.jit
def other_vendor_branch(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(p + offs, vendor_tanh(tl.load(p + offs)))


# Conditions tkc can evaluate decide the branch, before any other rule:
# environment variables read at import time take their defaults (tkc reads
# no environment, so a build is the same wherever it runs). vLLM's fla op.py
# picks its fast math by FLA_USE_FAST_OPS, default '0'; the first branch,
# which names triton.language, is not taken.
import os

if os.environ.get("TKC_TEST_FAST_OPS", "0") == "1":
    env_op = libdevice.erf
else:
    env_op = tl.exp

LEVEL = int(os.getenv("TKC_TEST_LEVEL", "2"))
if LEVEL > 2:
    level_op = libdevice.erf
elif not LEVEL:
    level_op = libdevice.erf
else:
    level_op = tl.log


# ENV-LABEL: func.func @env_branches
# ENV-NOT: math.erf
# ENV: math.exp
# ENV: math.log
# ENV-NOT: math.erf
@triton.jit
def env_branches(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(p + offs, level_op(env_op(tl.load(p + offs))))


# A constexpr chosen by a host condition (FLA's `if IS_TF32_SUPPORTED:`, a
# device query at import): tkc takes the first branch that assigns a
# tl.constexpr, the capable device's choice, and says so.
from mylib.device import IS_TF32_SUPPORTED

if IS_TF32_SUPPORTED:
    DOT_PRECISION = tl.constexpr("tf32")
else:
    DOT_PRECISION = tl.constexpr("ieee")


# PRECISION: imports.py:[[@LINE-6]]:1: note: tkc cannot evaluate this condition (host code); it takes the first branch that assigns a tl.constexpr or a @jit function
# PRECISION-LABEL: func.func @host_chosen_constexpr
# PRECISION: tkc.dot {{.*}} {input_precision = 1 : i32}
@triton.jit
def host_chosen_constexpr(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)[:, None] * BLOCK + tl.arange(0, BLOCK)[None, :]
    x = tl.load(p + offs)
    tl.store(p + offs, tl.dot(x, x, input_precision=DOT_PRECISION))


# A @jit helper chosen by a host condition (FLA's `if IS_NVIDIA: softplus =
# softplus_nv` / `else: softplus = softplus_triton`): the first branch's,
# unless a target is given: a name that asks which vendor's GPU runs the
# code (IS_NVIDIA, is_hip(), current_platform.is_rocm(), ...) is answered
# for the target's vendor, the frontend running once per vendor targeted.
from mylib.device import IS_NVIDIA


@triton.jit
def softplus_first(x):
    return tl.log(1 + tl.exp(x))


@triton.jit
def softplus_second(x):
    return tl.where(x < 20.0, x, x)


if IS_NVIDIA:
    softplus_chosen = softplus_first
else:
    softplus_chosen = softplus_second


# HELPER: imports.py:[[@LINE-6]]:1: note: tkc cannot evaluate this condition (host code); it takes the first branch that assigns a tl.constexpr or a @jit function
# HELPER-LABEL: func.func @host_chosen_helper
# HELPER: math.exp
# HELPER: math.log
# HELPER-NV-NOT: imports.py:[[@LINE-10]]:1: note
# HELPER-NV-LABEL: func.func @host_chosen_helper
# HELPER-NV: math.exp
# HELPER-NV: math.log
# HELPER-AMD-NOT: imports.py:[[@LINE-14]]:1: note
# HELPER-AMD-LABEL: func.func @host_chosen_helper
# HELPER-AMD-NOT: math.exp
# HELPER-AMD: tkc.store
# Both vendors in one compile: the IS_TF32_SUPPORTED note once per vendor,
# never the IS_NVIDIA one.
# HELPER-BOTH-NOT: imports.py:[[@LINE-20]]:1: note
# HELPER-BOTH: imports.py:[[@LINE-55]]:1: note: tkc cannot evaluate
# HELPER-BOTH-NOT: imports.py:[[@LINE-22]]:1: note
# HELPER-BOTH: imports.py:[[@LINE-57]]:1: note: tkc cannot evaluate
# HELPER-BOTH-NOT: imports.py:[[@LINE-24]]:1: note
@triton.jit
def host_chosen_helper(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(p + offs, softplus_chosen(tl.load(p + offs)))


# A finer question about one vendor's GPUs (FLA's IS_NVIDIA_HOPPER): a
# target of the other vendor answers it (no); one of that vendor does not,
# and the first branch that assigns a @jit function is taken, as above.
from mylib.device import IS_NVIDIA_HOPPER


@triton.jit
def scale_first(x):
    return x * 2.0


@triton.jit
def scale_second(x):
    return x * 3.0


if IS_NVIDIA_HOPPER:
    scale_chosen = scale_first
else:
    scale_chosen = scale_second


# GEN-NV: imports.py:[[@LINE-6]]:1: note: tkc cannot evaluate this condition
# GEN-NV-LABEL: func.func @vendor_generation
# GEN-NV: arith.constant dense<2.000000e+00>
# GEN-AMD-NOT: imports.py:[[@LINE-9]]:1: note
# GEN-AMD-LABEL: func.func @vendor_generation
# GEN-AMD: arith.constant dense<3.000000e+00>
@triton.jit
def vendor_generation(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(p + offs, scale_chosen(tl.load(p + offs)))


# Module-level constants built by plain functions at import, as FLA builds
# its inline assembly (a template filled by str.format in a loop over
# range(), joined and split; constraints from a generator expression): tkc
# runs such host code on compile-time values, as Python does.
def _asm_text(n):
    template = """
        add.f32 ${out_reg}, ${in_reg}, ${in_reg};
    """
    text = ""
    for i in range(n):
        text += "{" + template.format(out_reg=i, in_reg=i + n) + "}\n"
    return " ".join(text.split("\n"))


def _asm_constraints(n):
    outs = ",".join("=r" for _ in range(n))
    # (An empty string repeated any number of times is empty, at once.)
    return outs + "," + ",".join([c.lower() for c in "R" * n if c != "x"]) + "" * (1 << 60)


_PACK = 1
DOUBLE_ASM: tl.constexpr = tl.constexpr(_asm_text(_PACK))
DOUBLE_CONSTRAINTS: tl.constexpr = tl.constexpr(_asm_constraints(_PACK))
SPLIT_WORDS: tl.constexpr = tl.constexpr("-".join(" a\tb\n  c ".split()))


# HOSTFN-LABEL: func.func @host_built_asm
# HOSTFN: tkc.elementwise_inline_asm "{         add.f32 $0, $1, $1;     } " {constraints = "=r,r", packed_element = 1 : i32, pure = true}
@triton.jit
def host_built_asm(p, BLOCK: tl.constexpr):
    tl.static_assert(SPLIT_WORDS == "a-b-c")
    offs = tl.arange(0, BLOCK)
    x = tl.load(p + offs)
    y = tl.inline_asm_elementwise(asm=DOUBLE_ASM, constraints=DOUBLE_CONSTRAINTS,
                                  args=[x], dtype=tl.float32, is_pure=True,
                                  pack=_PACK)
    tl.store(p + offs, y)


def _with_spec(v):
    return "{:08x}".format(v)


SPEC_TEXT: tl.constexpr = tl.constexpr(_with_spec(3))


# HOSTSPEC: imports.py:[[@LINE-6]]:12: error: str.format(): tkc supports only {}, {N} and {name} fields, not '{:08x}'
@triton.jit
def host_format_spec(p):
    tl.static_print(SPEC_TEXT)


# A kernel itself calls only @jit functions, as in Triton.
# HOSTCALL: imports.py:[[@LINE+3]]:21: error: '_asm_text' is not a @triton.jit function; kernels can only call @jit functions
@triton.jit
def host_call_in_kernel(p):
    tl.static_print(_asm_text(1))


# Python's math module in module-level constants (lightllm's gelu:
# `_kAlpha = triton.language.constexpr(math.sqrt(2.0 / math.pi))`).
import math

GELU_ALPHA = triton.language.constexpr(math.sqrt(2.0 / math.pi))
LOG2E: tl.constexpr = math.log2(math.e)
ROWS: tl.constexpr = math.ceil(math.sqrt(40))


# MATH-LABEL: func.func @math_constants
# MATH-DAG: arith.constant 0.797884583 : f32
# MATH-DAG: arith.constant 1.44269502 : f32
# MATH-DAG: arith.constant 7 : i32
@triton.jit
def math_constants(p):
    tl.store(p, GELU_ALPHA + tl.load(p) * LOG2E + ROWS)
    tl.store(p + 1, LOG2E)
    tl.store(p + 2, GELU_ALPHA)
    tl.store(p + 3, ROWS + tl.load(p + 3).to(tl.int32))


# MATHERR: imports.py:[[@LINE+3]]:30: error: math.sqrt(): math domain error
@triton.jit
def math_domain(p):
    tl.store(p, tl.constexpr(math.sqrt(-1.0)))


# A plain function marked @tl.constexpr (or @triton.constexpr_function) runs
# when the kernel is compiled, on compile-time values, as FlagGems' cumsum
# picks its accumulator type.
@tl.constexpr
def accumulator_type(dtype: tl.dtype) -> tl.dtype:
    if dtype.is_bf16() or dtype.is_fp16():
        return tl.float32
    if dtype.is_int():
        return tl.int64
    else:
        return dtype


# CXFN-LABEL: func.func @constexpr_function_call
# CXFN: %[[X:.*]] = tkc.load
# CXFN: arith.extf %[[X]] : tensor<64xbf16> to tensor<64xf32>
@triton.jit
def constexpr_function_call(x, y, BLOCK: tl.constexpr):
    acc: tl.constexpr = accumulator_type(x.type.element_ty)
    offs = tl.arange(0, BLOCK)
    tl.store(y + offs, tl.cumsum(tl.load(x + offs).to(acc), 0))


# A dict display in a constexpr function, as Triton's triton_kernels name
# dtypes: a table its subscript looks keys up in (dtypes, strings,
# numbers; a later entry wins).
@triton.constexpr_function
def dtype_name(dtype):
    names = {tl.float32: "fp32", tl.bfloat16: "bf16", "x": 0, 2: "two",
             tl.bfloat16: "bfloat16"}
    return names[dtype] + names[2.0]


# CXDICT-LABEL: func.func @constexpr_function_table
# CXDICT: arith.mulf
# CXDICTKEY: imports.py:[[@LINE-5]]:12: error: key dtype fp16 is not in the dict
@triton.jit
def constexpr_function_table(x, y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(x + offs).to(tl.float32)
    if dtype_name(x.dtype.element_ty) == "bfloat16two":
        v = v * 2
    tl.store(y + offs, v)


# triton.constexpr_function called on a function (PyTorch's inductor tests):
# a `def` of this file becomes a constexpr function under the new name, a
# function of triton.language is bound to it. bin(), oct() and hex() of a
# compile-time int give Python's strings: len(bin(64)) - 3 == 6.
def _log2(n):
    return len(bin(n)) - 3


log2_of = triton.constexpr_function(_log2)
int_dtype_of = triton.constexpr_function(tl.core.get_int_dtype)


# CXFN2-LABEL: func.func @constexpr_function_assigned
# CXFN2: %[[SIX:.*]] = arith.constant dense<6> : tensor<64xi16>
# CXFN2: %[[BITS:.*]] = arith.bitcast %{{.*}} : tensor<64xf16> to tensor<64xi16>
# CXFN2: arith.addi %[[BITS]], %[[SIX]] : tensor<64xi16>
@triton.jit
def constexpr_function_assigned(x, y, BLOCK: tl.constexpr):
    tl.static_assert(len(oct(8)) == 4 and hex(-255) == "-0xff")
    offs = tl.arange(0, BLOCK)
    bits = tl.load(x + offs).to(int_dtype_of(16, signed=True), bitcast=True)
    tl.store(y + offs, bits + log2_of(BLOCK))


# A constexpr function unwraps its arguments as FlagGems' radix sort does:
# Triton hands it tl.constexpr objects, tkc the values themselves. In a
# kernel, isinstance(x, tl.constexpr) is false for everything, as Triton's
# JIT unwraps constexprs for isinstance() (Triton 3.6 folds `kinds` to 1).
def _unwrap(o):
    return o.value if isinstance(o, tl.constexpr) else o


@tl.constexpr
def sign_bit(num_bits: tl.constexpr) -> int:
    return 1 << (_unwrap(num_bits) - 1)


@tl.constexpr
def unsigned_of(num_bits: tl.constexpr) -> tl.dtype:
    return tl.core.get_int_dtype(_unwrap(num_bits), False)


# CXUNWRAP-LABEL: func.func @constexpr_unwrapped
# CXUNWRAP-DAG: arith.constant dense<-2147483648> : tensor<64xi32>
# CXUNWRAP-DAG: arith.constant dense<1> : tensor<64xi32>
# CXUNWRAP: arith.xori
@triton.jit
def constexpr_unwrapped(x, y, BLOCK: tl.constexpr):
    bits: tl.constexpr = x.dtype.element_ty.primitive_bitwidth
    offs = tl.arange(0, BLOCK)
    u = tl.load(x + offs).to(unsigned_of(bits), bitcast=True)
    flipped = u ^ tl.full((), sign_bit(bits), unsigned_of(bits))
    kinds = (1 + 4 * isinstance(BLOCK, tl.constexpr) + 8 * isinstance(True, tl.constexpr) +
             16 * isinstance(None, tl.constexpr) + 32 * isinstance(tl.float32, tl.constexpr) +
             64 * isinstance(offs, tl.constexpr))
    tl.store(y + offs, flipped.to(tl.int32, bitcast=True) + kinds)


# Triton-version probes (FLA's `if hasattr(triton.language,
# '_experimental_make_tensor_descriptor'):` / `elif hasattr(triton.language,
# 'make_tensor_descriptor'):`): tkc answers as Triton 3.6, whose
# triton.language has make_tensor_descriptor and gather but not the
# experimental spelling, and whose triton has set_allocator.
# PROBE-NOT: imports.py:[[@LINE+1]]:1: note
if hasattr(triton.language, "_experimental_make_tensor_descriptor"):
    PROBED = tl.constexpr(1)
elif hasattr(tl, "gather") and hasattr(triton, "set_allocator"):
    PROBED = tl.constexpr(2)
else:
    PROBED = tl.constexpr(3)

# PROBE-NOT: imports.py:[[@LINE+1]]:1: note
if hasattr(triton.language, "make_tensor_descriptor"):
    probed_descriptor = triton.language.make_tensor_descriptor
else:
    probed_descriptor = triton.language._experimental_make_tensor_descriptor


# PROBE-LABEL: func.func @version_probes
# PROBE: arith.constant dense<2> : tensor<16xi32>
# PROBE: tkc.store
@triton.jit
def version_probes(p, n):
    desc = probed_descriptor(p, [n], [1], [16])
    desc.store([0], tl.full((16,), PROBED, tl.int32))


# A library function looked up by a host helper that tries the modules
# Triton's versions gave it (xformers' libdevice_find): find_spec answers
# for Triton 3.6's modules (None for the ones it lacks), the walrus binds
# in host code, and import_module finds what an import would.
import importlib
import importlib.util


def _find(name):
    for loc in ("triton.language.libdevice", "triton.language.extra.libdevice"):
        if spec := importlib.util.find_spec(loc):
            module = importlib.util.module_from_spec(spec)
            assert spec.loader is not None
            spec.loader.exec_module(module)
            return getattr(module, name)
    raise ImportError(f"no {name}")


found_rsqrt = _find("rsqrt")
found_exp2 = importlib.import_module("triton.language.math").exp2


# IMPORTLIB-LABEL: func.func @importlib_found
# IMPORTLIB: math.rsqrt
# IMPORTLIB: math.exp2
@triton.jit
def importlib_found(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(p + offs)
    tl.store(p + offs, found_exp2(found_rsqrt(x)))


# Triton's JIT takes no assignment expression in a kernel.
# WALRUS: imports.py:[[@LINE+5]]:10: error: assignment expression is not supported in Triton kernels
@triton.jit
def walrus_in_kernel(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(p + offs)
    y = (z := x + 1) * 2
    tl.store(p + offs, y + z)


# IMPORTLIBBAD: imports.py:[[@LINE+1]]:27: error: importlib.reload cannot be used by tkc
bad_importlib = importlib.reload


@triton.jit
def importlib_elsewhere(p, BLOCK: tl.constexpr):
    bad_importlib(p)
