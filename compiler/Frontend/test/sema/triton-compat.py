# RUN: tkc compile %s --kernel assigned --signature '*fp32:16, 128' --emit=ttir | FileCheck %s --check-prefix=ASSIGN
# RUN: tkc compile %s --kernel calls_assigned --signature '*fp32:16' --emit=ttir | FileCheck %s --check-prefix=CALLASSIGN
# RUN: tkc compile %s --kernel renamed --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=RENAMED
# RUN: tkc compile %s --kernel scalar_none --signature '*i32:16, *fp32:16, i32, 16' --emit=ttir | FileCheck %s --check-prefix=NONE
# RUN: tkc compile %s --kernel pointer_none --signature '*fp32:16, *fp32:16' --emit=ttir | FileCheck %s --check-prefix=PTRNONE
# RUN: tkc compile %s --kernel type_attributes --signature '*fp16:16, *fp16:16, fp32, 128' --emit=ttir | FileCheck %s --check-prefix=TYPES
# RUN: tkc compile %s --kernel range_keywords --signature '*i32:16, 8' --emit=ttir | FileCheck %s --check-prefix=RANGE
# RUN: tkc compile %s --kernel propagate_nan --signature '*fp32:16, *fp32:16' --emit=ttir | FileCheck %s --check-prefix=NAN
# RUN: tkc compile %s --kernel clamp_nan --signature '*fp32:16, *fp32:16, fp32, fp32' --emit=ttir | FileCheck %s --check-prefix=CLAMP
# RUN: tkc compile %s --kernel special_floats --signature '*fp32:16, *fp32:16, -inf, inf, nan, 128' --emit=ttir | FileCheck %s --check-prefix=SPECIAL
# RUN: tkc compile %s --kernel special_floats --signature '*fp32:16, *fp32:16, -Infinity, +INF, NaN, 128' --emit=ttir | FileCheck %s --check-prefix=SPECIAL
# RUN: not tkc compile %s --kernel bad_propagate --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=BADNAN
# RUN: not tkc compile %s --kernel block_type_attr --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=BADTYPE
# RUN: tkc compile %s --kernel special_register --signature '*i32:16, *i64:16' --emit=ttir | FileCheck %s --check-prefix=SMID
# RUN: not tkc compile %s --kernel special_register --signature '*i32:16, *i64:16' --target gfx942 -o %t.smid 2>&1 | FileCheck %s --check-prefix=SMID-AMD
# RUN: tkc compile %s --kernel launch_sizes --signature '*i32:16' --num-warps 8 --emit=ttir | FileCheck %s --check-prefix=LAUNCH
# RUN: tkc compile %s --kernel reduction_types --signature '*fp16:16, *fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=RF16
# RUN: tkc compile %s --kernel reduction_types --signature '*bf16:16, *fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=RBF16
# RUN: tkc compile %s --kernel reduction_types --signature '*i8:16, *fp32:16, 64' --emit=ttir | FileCheck %s --check-prefix=RI8
# RUN: tkc compile %s --kernel count_down --signature '*i32:16, i32, 8' --emit=ttir | FileCheck %s --check-prefix=DOWN
# RUN: tkc compile %s --kernel dtype_by_name --signature '*fp32:16, *i64:16, 64' --emit=ttir | FileCheck %s --check-prefix=DTYPE
# RUN: not tkc compile %s --kernel dtype_bad_name --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=BADDTYPE
# RUN: tkc compile %s --kernel dot_sizes --signature '*fp16:16, *fp32:16, 8, 16' --emit=ttir | FileCheck %s --check-prefix=DOTSIZE
# RUN: not tkc compile %s --kernel dot_sizes --signature '*fp16:16, *fp32:16, 16, 8' --emit=ttir 2>&1 | FileCheck %s --check-prefix=DOTK
# RUN: not tkc compile %s --kernel fstrings --signature '*i32:16, 4' --emit=ttir 2>&1 | FileCheck %s --check-prefix=FSTR
# RUN: tkc compile %s --kernel fstrings --signature '*i32:16, 128' --emit=ttir 2>&1 | FileCheck %s --check-prefix=FSTROK
# RUN: not tkc compile %s --kernel fstring_runtime --signature '*i32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=FSTRRT
# RUN: tkc compile %s --kernel big_constants --signature '*i64:16, *i64:16' --emit=ttir | FileCheck %s --check-prefix=BIG
# RUN: not tkc compile %s --kernel too_big_constant --signature '*i64:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=TOOBIG
# RUN: tkc compile %s --kernel next_pow2 --signature '*i32:16, 100' --emit=ttir | FileCheck %s --check-prefix=POW2
# RUN: tkc compile %s --kernel cat_rows --signature '*fp32:16, 4, 8' --emit=ttir | FileCheck %s --check-prefix=CAT
# RUN: not tkc compile %s --kernel cat_ordered --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=CATORDER
# RUN: tkc compile %s --kernel number_attributes --signature '*i32:16, *fp32:16, 16' --emit=ttir | FileCheck %s --check-prefix=NUMATTR
# RUN: tkc compile %s --kernel constexpr_annotated_runtime --signature '*i32:16, i32, 8' --emit=ttir | FileCheck %s --check-prefix=CXRT
# RUN: tkc compile %s --kernel getattr_defaults --signature '*fp32:16, 64' --emit=ttir 2>&1 | FileCheck %s --check-prefix=GETATTR
# RUN: tkc compile %s --kernel range_bounds_by_keyword --signature '*fp32:16, i32, 64' --emit=ttir | FileCheck %s --check-prefix=RANGEKW
# RUN: tkc compile %s --kernel range_unrolled --signature '*fp32:16, i32, 64' --emit=ttir | FileCheck %s --check-prefix=UNROLL
# RUN: tkc compile %s --kernel grid_dependency --signature '*fp32:16, 1024' --emit=ttir | FileCheck %s --check-prefix=GDC
# RUN: tkc compile %s --kernel instance_checks --signature 'tensordesc<fp32[16, 16]>, *fp32:16, i32, 16' --emit=ttir | FileCheck %s --check-prefix=ISINST
# RUN: not tkc compile %s --kernel instance_unknown --signature '*fp32:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=ISINST-BAD
# RUN: tkc compile %s --kernel mixed_halves --signature '*bf16:16, *fp16:16, *i32:16, *fp32:16, 16' --emit=ttir | FileCheck %s --check-prefix=HALVES
# RUN: tkc compile %s --kernel umulhi_64 --signature '*u64:16, *u64:16' --emit=ttir | FileCheck %s --check-prefix=UMULHI
# RUN: tkc compile %s --kernel printed_constants --signature '*fp16:16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=SPRINT
# RUN: tkc compile %s --kernel assumed --signature '*fp32:16, i32, 8' --emit=ttir | FileCheck %s --check-prefix=ASSUME
# RUN: tkc compile %s --kernel object_attributes --signature '*i32:16' --emit=ttir | FileCheck %s --check-prefix=HASATTR
# RUN: tkc compile %s --kernel object_attributes --signature '*fp32:16' --emit=ttir | FileCheck %s --check-prefix=HASATTR-F32
# RUN: tkc compile %s --kernel object_attributes --signature 'None' --emit=ttir | FileCheck %s --check-prefix=HASATTR-NONE
# Constructs Triton's JIT accepts that kernel libraries use: jit applied by
# assignment (unsloth), None-indexing of scalars, `.type` of blocks and
# block pointers, keywords of the builtin range(), tl.PropagateNan and
# special float constexprs in the signature.
import triton
import triton.language as tl


# jit and heuristics applied as calls, as unsloth writes them.
def assigned(X, N: tl.constexpr):
    tl.store(X + tl.arange(0, N), 1.0)


assigned = triton.jit(assigned)
assigned = triton.heuristics({"N": lambda args: args["N"]})(assigned)
# ASSIGN-LABEL: func.func @assigned(
# ASSIGN: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<128xf32>
# ASSIGN: tkc.store %{{.*}}, %[[ONE]]


def _helper(x):
    return x * 2


helper = tl.jit(_helper)


@triton.jit
def calls_assigned(X):
    tl.store(X, helper(tl.load(X)))
# CALLASSIGN-LABEL: func.func @calls_assigned(
# CALLASSIGN: %[[X:.*]] = tkc.load
# CALLASSIGN: %[[Y:.*]] = arith.mulf %[[X]]
# CALLASSIGN: tkc.store %{{.*}}, %[[Y]]


def _impl(X, N: tl.constexpr):
    tl.store(X + tl.arange(0, N), 2.0)


renamed = triton.jit(_impl, do_not_specialize=["X"])
# The kernel keeps its def's name, as Triton's JITFunction does.
# RENAMED-LABEL: func.func @_impl(
# RENAMED: tensor<64xf32>


# A scalar indexed with None is a block of one (Triton's shape [] -> [1]).
@triton.jit
def scalar_none(B_Loc, Out, stride, BLOCK: tl.constexpr):
    bn = tl.load(B_Loc).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    off = bn[None, :] * stride + offs[:, None]
    tl.store(Out + off, offs[:, None].to(tl.float32))
    one = bn[None]
    tl.store(Out + one, one.to(tl.float32))
    # ':' first, then None past the rank: appended, a block of one too.
    row = bn[:, None] * stride + offs[None, :]
    tl.store(Out + row, offs[None, :].to(tl.float32))
# NONE-LABEL: func.func @scalar_none(
# NONE: %[[BN:.*]] = arith.extsi %{{.*}} : i32 to i64
# NONE: %[[OFF:.*]] = arith.muli %[[BN]], %{{.*}} : i64
# NONE: %[[COL:.*]] = tkc.splat %[[OFF]] : tensor<16x1xi64>
# NONE: arith.addi %[[COL]], %{{.*}} : tensor<16x1xi64>
# NONE: %[[P:.*]] = tkc.addptr %arg1, %[[BN]] : !tkc.ptr<f32>, i64
# NONE: %[[PS:.*]] = tkc.splat %[[P]] : tensor<1x!tkc.ptr<f32>>
# NONE: tkc.store %[[PS]], %{{.*}} : tensor<1x!tkc.ptr<f32>>
# NONE: %[[ROW:.*]] = tkc.splat %[[OFF]] : tensor<1x16xi64>
# NONE: arith.addi %[[ROW]], %{{.*}} : tensor<1x16xi64>


@triton.jit
def pointer_none(X, Z):
    offs = tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :]
    z = tl.sum(tl.load(X + offs), axis=None, keep_dims=True)
    tl.store(Z[None, None, :], z)
# PTRNONE-LABEL: func.func @pointer_none(
# PTRNONE: %[[P:.*]] = tkc.splat %arg1 : tensor<1x1x!tkc.ptr<f32>>
# PTRNONE: tkc.store %[[P]], %{{.*}} : tensor<1x1x!tkc.ptr<f32>>


# `.type` gives Triton's types: a block type (element_ty, scalar, shape,
# numel, is_block(), get_block_shapes()), a dtype for a scalar, and for a
# block pointer a pointer to a block type.
@triton.jit
def type_attributes(Q, Out, scale, BLOCK: tl.constexpr):
    q_ptr = tl.make_block_ptr(base=Q, shape=(BLOCK, ), strides=(1, ), offsets=(0, ),
                              block_shape=(BLOCK, ), order=(0, ))
    q = tl.load(q_ptr)
    q = (q * scale).to(q_ptr.type.element_ty)
    tl.static_assert(q_ptr.type.is_ptr())
    tl.static_assert(q_ptr.type.element_ty.is_block())
    tl.static_assert(q_ptr.type.element_ty.shape[0] == BLOCK)
    tl.static_assert(q.type.is_block() and not q.type.is_fp16())
    tl.static_assert(q.type.element_ty == tl.float16)
    tl.static_assert(q.type.scalar == q.dtype)
    tl.static_assert(q.type.numel == BLOCK)
    tl.static_assert(q.type.get_block_shapes()[0] == BLOCK)
    tl.static_assert(tl.zeros(q.type.get_block_shapes(), tl.int8).shape[0] == BLOCK)
    tl.static_assert(q.type != tl.float16)
    tl.static_assert(scale.type == tl.float32 and not scale.type.is_block())
    tl.static_assert(scale.type.scalar == tl.float32)
    tl.static_assert(Q.type.element_ty == tl.float16)
    tl.static_assert(q.dtype.primitive_bitwidth == 16 and q.dtype.fp_mantissa_width == 10)
    tl.static_assert(q.dtype.itemsize == 2 and scale.dtype.itemsize == 4)
    tl.static_assert(q.dtype.exponent_bias == 15 and tl.float8e4nv.exponent_bias == 7)
    tl.static_assert(q.dtype.is_floating() and not q.dtype.is_fp8())
    tl.static_assert(Q.dtype.address_space == 1)
    tl.store(Out + tl.arange(0, BLOCK), q)
# TYPES-LABEL: func.func @type_attributes(
# TYPES: %[[M:.*]] = arith.mulf %{{.*}} : tensor<128xf32>
# TYPES: %[[T:.*]] = arith.truncf %[[M]] : tensor<128xf32> to tensor<128xf16>
# TYPES: tkc.store %{{.*}}, %[[T]]


# Triton evaluates and ignores the keywords of the builtin range(); those
# of tl.range are kept as loop hints.
@triton.jit
def range_keywords(X, N: tl.constexpr):
    for i in range(N, flatten=True, num_stages=2):
        tl.store(X + i, i)
    for j in tl.range(0, N, flatten=True, disable_licm=True):
        tl.store(X + j, j)
# RANGE-LABEL: func.func @range_keywords(
# RANGE: scf.for
# RANGE: {{^    }$}}
# RANGE: scf.for
# RANGE: } {tkc.disable_licm = 1 : i32, tkc.flatten = 1 : i32}


@triton.jit
def propagate_nan(X, Y):
    x = tl.load(X + tl.arange(0, 128))
    a = tl.maximum(x, 0.0, propagate_nan=tl.PropagateNan.ALL)
    b = tl.minimum(a, 1.0, propagate_nan=tl.PropagateNan.NONE)
    c = tl.maximum(b, 0.5)
    tl.store(Y + tl.arange(0, 128), c)
# NAN-LABEL: func.func @propagate_nan(
# NAN: %[[A:.*]] = arith.maximumf %{{.*}}, %{{.*}} : tensor<128xf32>
# NAN: %[[B:.*]] = arith.minnumf %[[A]], %{{.*}} : tensor<128xf32>
# NAN: arith.maxnumf %[[B]], %{{.*}} : tensor<128xf32>


@triton.jit
def clamp_nan(X, Y, lo, hi):
    x = tl.load(X + tl.arange(0, 128))
    a = tl.clamp(x, lo, hi, propagate_nan=tl.PropagateNan.ALL)
    b = tl.clamp(a, lo, hi)
    tl.store(Y + tl.arange(0, 128), b)
# CLAMP-LABEL: func.func @clamp_nan(
# CLAMP: %[[A:.*]] = arith.maximumf %{{.*}}, %{{.*}} : tensor<128xf32>
# CLAMP: %[[B:.*]] = arith.minimumf %[[A]], %{{.*}} : tensor<128xf32>
# CLAMP: %[[C:.*]] = arith.maxnumf %[[B]], %{{.*}} : tensor<128xf32>
# CLAMP: arith.minnumf %[[C]], %{{.*}} : tensor<128xf32>


@triton.jit
def special_floats(X, Y, lo: tl.constexpr, hi: tl.constexpr, fill: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.static_assert(lo < 0 and hi > 0 and lo == -hi)
    tl.static_assert(fill != fill)
    x = tl.clamp(tl.load(X + offs), lo, hi)
    tl.store(Y + offs, tl.where(x > 0, x, fill))
# SPECIAL-LABEL: func.func @special_floats(
# SPECIAL-DAG: arith.constant dense<0xFF800000> : tensor<128xf32>
# SPECIAL-DAG: arith.constant dense<0x7F800000> : tensor<128xf32>
# SPECIAL-DAG: arith.constant dense<0x7FC00000> : tensor<128xf32>


@triton.jit
def bad_propagate(X):
    x = tl.load(X)
    tl.store(X, tl.maximum(x, 0.0, propagate_nan=1.5))
# BADNAN: triton-compat.py:[[@LINE-1]]:17: error: propagate_nan must be tl.PropagateNan.ALL or tl.PropagateNan.NONE, got constexpr float


@triton.jit
def block_type_attr(X):
    x = tl.load(X + tl.arange(0, 16))
    tl.static_assert(x.type.primitive_bitwidth == 32)
# BADTYPE: triton-compat.py:[[@LINE-1]]:29: error: block type <16xfp32> has no attribute 'primitive_bitwidth' (tkc supports element_ty, scalar, shape, numel, name, is_block() and get_block_shapes())


# NVIDIA's special registers, read by inline PTX as Triton's definitions do,
# each call again (not pure); AMD's code generation refuses the PTX, at
# the kernel's line, each error at the line and column of its call.
@triton.jit
def special_register(Out, Time):
    # SMID: tkc.elementwise_inline_asm "mov.u32 $0, %smid;" {{.*}}"=r"{{.*}} -> i32
    tl.store(Out + tl.program_id(0), tl.extra.cuda.smid())
    # SMID-COUNT-2: tkc.elementwise_inline_asm "mov.u64 $0, %globaltimer;"
    start = tl.extra.cuda.globaltimer()
    tl.store(Time, tl.extra.cuda.globaltimer() - start)
# SMID-AMD: triton-compat.py:[[@LINE-6]]:5: stage 'hsaco' for hip:gfx942 failed: {{.*}}triton-compat.py:[[@LINE-2]]:13: inline assembly: couldn't allocate output register for constraint 'l'; {{.*}}triton-compat.py:[[@LINE-1]]:20: inline assembly: couldn't allocate output register for constraint 'l'; {{.*}}triton-compat.py:[[@LINE-4]]:38: inline assembly: invalid instruction in 'mov.u32 {{.*}}, %smid;'


# Programmatic dependent launch's grid controls (Triton's tutorial 11), as
# Triton defines them: impure PTX with a dummy result.
@triton.jit
def grid_dependency(Out, BLOCK: tl.constexpr):
    # GDC: tkc.elementwise_inline_asm "griddepcontrol.wait; // dummy $0" {{.*}}pure = false
    tl.extra.cuda.gdc_wait()
    tl.store(Out + tl.arange(0, BLOCK), 1.0)
    # GDC: tkc.elementwise_inline_asm "griddepcontrol.launch_dependents; // dummy $0"
    tl.extra.cuda.gdc_launch_dependents()


@triton.jit
def _desc_or_make(desc_or_ptr, n, BLOCK: tl.constexpr):
    if isinstance(desc_or_ptr, tl.tensor_descriptor):
        return desc_or_ptr
    else:
        return tl.make_tensor_descriptor(desc_or_ptr, [n, n], [n, 1],
                                         [BLOCK, BLOCK])


# isinstance() is evaluated when the kernel compiles, on what each name
# holds (Triton's tutorial 06 takes a descriptor or makes one): the
# descriptor parameter is one, the pointer is not; numbers and dtypes are
# Python's and Triton's classes.
@triton.jit
def instance_checks(desc, ptr, n, BLOCK: tl.constexpr):
    a = _desc_or_make(desc, n, BLOCK).load([0, 0])
    b = _desc_or_make(ptr, n, BLOCK).load([0, 0])
    checks = (isinstance(BLOCK, int) + 2 * isinstance(BLOCK, (float, str)) +
              4 * isinstance(n, tl.tensor) + 8 * isinstance(tl.float16, tl.dtype) +
              16 * isinstance(True, int) + 32 * isinstance(ptr, tl.tensor_descriptor))
    # ISINST: arith.constant dense<2.900000e+01> : tensor<16x16xf32>
    tl.store(ptr + tl.arange(0, BLOCK)[:, None] * BLOCK + tl.arange(0, BLOCK)[None, :],
             a + b + checks)


@triton.jit
def instance_unknown(ptr):
    # ISINST-BAD: triton-compat.py:[[@LINE+1]]:8: error: isinstance() of a class tkc does not know
    if isinstance(ptr, tl.range):
        tl.store(ptr, 1.0)


# The launch's sizes are constexprs (CUDA's 32 threads per warp): with 8
# warps, a block of 256 and a scalar 8.
@triton.jit
def launch_sizes(Out):
    num_threads: tl.constexpr = tl.extra.cuda.num_threads()
    # LAUNCH-DAG: tkc.make_range {end = 256 : i32, start = 0 : i32}
    # LAUNCH-DAG: arith.constant dense<8> : tensor<256xi32>
    tl.store(Out + tl.arange(0, num_threads), tl.extra.cuda.num_warps())


# Reductions and scans in Triton's types (triton/language/standard.py):
# max and min of values only widen types narrower than 32 bits (fp16 to
# fp32, i8 to i32); with indices, and in cumsum and cumprod, only bf16
# becomes fp32; cumsum widens narrow integers, cumprod does not.
# RF16-LABEL: func.func @reduction_types
# RF16: tkc.reduce({{.*}}) axis = 0 : (tensor<64xf32>) -> f32
# RF16: tkc.reduce({{.*}}) axis = 0 : (tensor<64xf16>, tensor<64xi32>) -> (f16, i32)
# RF16: tkc.scan({{.*}}) axis = 0 : (tensor<64xf16>) -> tensor<64xf16>
# RF16: tkc.scan({{.*}}) axis = 0 : (tensor<64xf16>) -> tensor<64xf16>
# RBF16-LABEL: func.func @reduction_types
# RBF16: tkc.reduce({{.*}}) axis = 0 : (tensor<64xf32>) -> f32
# RBF16: tkc.reduce({{.*}}) axis = 0 : (tensor<64xf32>, tensor<64xi32>) -> (f32, i32)
# RBF16: tkc.scan({{.*}}) axis = 0 : (tensor<64xf32>) -> tensor<64xf32>
# RBF16: tkc.scan({{.*}}) axis = 0 : (tensor<64xf32>) -> tensor<64xf32>
# RI8-LABEL: func.func @reduction_types
# RI8: tkc.reduce({{.*}}) axis = 0 : (tensor<64xi32>) -> i32
# RI8: tkc.reduce({{.*}}) axis = 0 : (tensor<64xi8>, tensor<64xi32>) -> (i8, i32)
# RI8: tkc.scan({{.*}}) axis = 0 : (tensor<64xi32>) -> tensor<64xi32>
# RI8: tkc.scan({{.*}}) axis = 0 : (tensor<64xi8>) -> tensor<64xi8>
@triton.jit
def reduction_types(x_ptr, y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    m = tl.max(x, axis=0)
    v, i = tl.max(x, axis=0, return_indices=True)
    c = tl.cumsum(x, axis=0)
    p = tl.cumprod(x, axis=0)
    tl.store(y_ptr + offs, (c + p).to(tl.float32) + m + v + i)


# range() with a constant negative step counts down, as Triton's loops do:
# scf.for runs from the end up to the start by the step's magnitude, and
# the target is start - (iv - end). Here k takes 7, 6, ..., 0 and i takes
# n, n - 2, ... while above 0.
# (7 - iv) + -1 folds to 6 - iv; n - j + 0 to n - j.
# DOWN-LABEL: func.func @count_down
# DOWN-DAG: %[[SIX:.*]] = arith.constant 6 : i32
# DOWN-DAG: %[[SEVEN:.*]] = arith.constant 7 : i32
# DOWN-DAG: %[[MINUS1:.*]] = arith.constant -1 : i32
# DOWN-DAG: %[[ONE:.*]] = arith.constant 1 : i32
# DOWN-DAG: %[[TWO:.*]] = arith.constant 2 : i32
# DOWN-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
# DOWN: scf.for %[[IV:.*]] = %[[MINUS1]] to %[[SEVEN]] step %[[ONE]]
# DOWN: arith.subi %[[SIX]], %[[IV]] : i32
# DOWN: scf.for %[[J:.*]] = %[[ZERO]] to %arg1 step %[[TWO]]
# DOWN: arith.subi %arg1, %[[J]] : i32
@triton.jit
def count_down(X, n, N: tl.constexpr):
    acc = 0
    for k in range(N - 1, -1, -1):
        acc = acc * 2 + k
    for i in range(n, 0, -2):
        acc += i
    tl.store(X, acc)


# tl.dtype(name) with Triton's spellings of its types, and
# tl.core.get_int_dtype(bitwidth, signed) (FLA's sorting networks pick
# the integer type of a float's width so); others are an error.
# DTYPE-LABEL: func.func @dtype_by_name
# DTYPE: arith.bitcast %{{.*}} : tensor<64xf32> to tensor<64xi32>
# DTYPE: arith.extui %{{.*}} : tensor<64xi32> to tensor<64xi64>
# DTYPE: arith.extsi %{{.*}} : tensor<64xi32> to tensor<64xi64>
@triton.jit
def dtype_by_name(X, Y, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    bits = x.to(tl.dtype("uint32"), bitcast=True)
    tl.store(Y + offs, bits.to(tl.dtype("int64")))
    signed = tl.core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)
    tl.store(Y + offs, x.to(signed, bitcast=True).to(tl.core.get_int_dtype(64, True)))


# BADDTYPE: triton-compat.py:[[@LINE+3]]:9: error: tl.dtype() takes a Triton type name such as 'int32', 'uint8', 'fp16' or 'bf16', got 'float32'
@triton.jit
def dtype_bad_name(X):
    x = tl.dtype("float32")
    tl.store(X, 0.0)


# tl.dot takes any M and N, as Triton on NVIDIA does (decoding's few rows),
# and K of at least 16 (32 for 8-bit operands).
# DOTSIZE-LABEL: func.func @dot_sizes
# DOTSIZE: tkc.dot {{.*}} : tensor<8x16xf16> * tensor<16x8xf16> -> tensor<8x8xf32>
# DOTK: triton-compat.py:[[@LINE+5]]:9: error: tl.dot needs K to be at least 16 for these operands, got block<16x8 x fp16> and block<8x16 x fp16>
@triton.jit
def dot_sizes(X, Y, M: tl.constexpr, K: tl.constexpr):
    a = tl.load(X + tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :])
    b = tl.load(X + tl.arange(0, K)[:, None] * M + tl.arange(0, M)[None, :])
    c = tl.dot(a, b)
    tl.store(Y + tl.arange(0, M)[:, None] * M + tl.arange(0, M)[None, :], c)


# f-strings of compile-time values, as Python formats them (FlagGems builds
# dtype names with them; libraries write assertion messages with them), with
# str() or, for !r and !a, repr(); `{N=}` writes its text, then repr().
# FSTR: triton-compat.py:[[@LINE+7]]:5: error: static assertion failed: N is 4, 6.0 fp16 True {x} 0.1 1e+16 1e-05 4 'a' "it's" N=4, N + 1 = 5
# FSTROK-LABEL: func.func @fstrings
# FSTROK: arith.constant 128 : i32
@triton.jit
def fstrings(X, N: tl.constexpr):
    nbits: tl.constexpr = 32
    utype = tl.dtype(f"uint{nbits}")
    tl.static_assert(N > 64, f"N is {N}, {N * 1.5} {tl.float16} {N > 2} {{x}} {0.1} {1e16} {1e-5} {N!r} {'a'!r} {"it's"!a} {N=}, {N + 1 = }")
    tl.store(X, tl.full((), N, utype).to(tl.int32))


# FSTRRT: triton-compat.py:[[@LINE+4]]:36: error: str() of scalar int32 (f-string fields must be compile-time values)
@triton.jit
def fstring_runtime(X):
    x = tl.load(X)
    tl.static_assert(True, f"x is {x}")


# Integers fold as Python's, beyond int64 on the way (`-2**63` passes
# 2**63); in code they are int64, or uint64 from 2^63 to 2^64 - 1, as
# Triton's to_tensor makes them: a hash's golden-ratio multiplier
# (0x9E3779B97F4A7C15, 2^64 - 7046029254386353131) makes the product
# uint64, and the all-ones mask is -1 in 64 bits (its `&` folds away).
# BIG-LABEL: func.func @big_constants
# BIG-DAG: arith.constant -9223372036854775808 : i64
# BIG-DAG: arith.constant -7046029254386353131 : i64
# BIG: arith.muli
# BIG-NOT: arith.andi
# BIG: return
@triton.jit
def big_constants(X, Y):
    FILL = -2**63
    tl.store(X, tl.full((), FILL, tl.int64))
    x = tl.load(Y).to(tl.uint64)
    h = (x * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    tl.store(Y, h.to(tl.int64, bitcast=True))


# Beyond uint64, a constant cannot reach code: an error where it is used,
# not for the whole file (every other kernel here compiles).
# TOOBIG: triton-compat.py:[[@LINE+3]]:17: error: integer constant 18446744073709551616 is out of the range of int64 and uint64
@triton.jit
def too_big_constant(X):
    tl.store(X, 2**64 - (1 << 64) + 2**64)


# triton.next_power_of_2 of compile-time integers inside a kernel, as
# Triton's host function computes it.
# (next_power_of_2(0) is 0: the sum folds away.)
# POW2-LABEL: func.func @next_pow2
# POW2: %[[R:.*]] = tkc.make_range {end = 128 : i32, start = 0 : i32}
# POW2: tkc.store %{{.*}}, %[[R]] :
@triton.jit
def next_pow2(X, N: tl.constexpr):
    BLOCK: tl.constexpr = triton.next_power_of_2(N)
    offs = tl.arange(0, BLOCK)
    tl.store(X + offs, offs + triton.next_power_of_2(0))


# tl.cat: Triton demands can_reorder=True; tkc keeps the order (a join,
# the pair dimension moved first, a reshape).
# CAT-LABEL: func.func @cat_rows
# CAT: %[[J:.*]] = tkc.join %{{.*}}, %{{.*}} : tensor<4x8xf32> -> tensor<4x8x2xf32>
# CAT: %[[T:.*]] = tkc.trans %[[J]] {order = array<i32: 2, 0, 1>} : tensor<4x8x2xf32> -> tensor<2x4x8xf32>
# CAT: tkc.reshape %[[T]] : tensor<2x4x8xf32> -> tensor<8x8xf32>
@triton.jit
def cat_rows(p, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(p + offs)
    both = tl.cat(x, x + 1.0, can_reorder=True)
    tl.store(p + tl.arange(0, 2 * M)[:, None] * N + tl.arange(0, N)[None, :], both)


@triton.jit
def cat_ordered(p):
    x = tl.load(p + tl.arange(0, 16))
    # CATORDER: triton-compat.py:[[@LINE+1]]:36: error: tl.cat needs can_reorder=True, as Triton's does
    tl.store(p + tl.arange(0, 32), tl.cat(x, x))


# A number assigned to a local is a scalar tensor in Triton: `.dtype`,
# `.to()` (Triton's test_store_constant).
# NUMATTR-LABEL: func.func @number_attributes
# NUMATTR-DAG: arith.constant dense<1> : tensor<16xi32>
# NUMATTR-DAG: arith.constant 2.500000e+00 : f32
@triton.jit
def number_attributes(out, fout, BLOCK: tl.constexpr):
    value = 1
    tl.store(out + tl.arange(0, BLOCK), tl.full([BLOCK], value=value, dtype=value.dtype))
    f = 2.5
    tl.store(fout, f.to(f.dtype))


# tl.range's and tl.static_range's bounds by keyword (FlagGems' flash
# attention: tl.range(0, n, step=BLOCK_N)).
# RANGEKW-LABEL: func.func @range_bounds_by_keyword
# RANGEKW: %[[C64:.*]] = arith.constant 64 : i32
# RANGEKW: scf.for %{{.*}} = %{{.*}} to %arg1 step %[[C64]]
# RANGEKW: } {tkc.num_stages = 2 : i32}
# RANGEKW-NEXT: arith.addf
# RANGEKW-NEXT: arith.addf
# RANGEKW-NOT: arith.addf
# RANGEKW: tkc.store
@triton.jit
def range_bounds_by_keyword(p, n, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), tl.float32)
    for i in tl.range(0, n, step=BLOCK, num_stages=2):
        acc += tl.load(p + i + tl.arange(0, BLOCK))
    for j in tl.static_range(arg1=1, arg2=4, step=2):
        acc += j - 1
    tl.store(p + tl.arange(0, BLOCK), acc)


# tl.range(..., loop_unroll_factor=2) unrolls the loop, as Triton does (vLLM's
# prefix prefill attention): a loop over pairs of iterations, two loads each,
# then one over the iteration left, not pipelined.
# UNROLL-LABEL: func.func @range_unrolled
# UNROLL: scf.for
# UNROLL-COUNT-2: tkc.load
# UNROLL-NOT: tkc.load
# UNROLL: } {tkc.num_stages = 2 : i32}
# UNROLL: scf.for
# UNROLL: tkc.load
# UNROLL-NOT: tkc.load
# UNROLL: } {tkc.num_stages = 1 : i32}
# UNROLL-NOT: loop_unroll_factor
@triton.jit
def range_unrolled(p, n, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), tl.float32)
    for i in tl.range(0, n, BLOCK, num_stages=2, loop_unroll_factor=2):
        acc += tl.load(p + i + tl.arange(0, BLOCK))
    tl.store(p + tl.arange(0, BLOCK), acc)


# A tl.constexpr annotation on a runtime value keeps it a runtime value, as
# Triton does (FlagGems' sort: CTA_TILE_N: tl.constexpr = TILE_N * tiles).
# CXRT-LABEL: func.func @constexpr_annotated_runtime
# CXRT: %[[T:.*]] = arith.muli %arg1, %{{.*}} : i32
# CXRT: tkc.splat %[[T]]
@triton.jit
def constexpr_annotated_runtime(p, n, B: tl.constexpr):
    T: tl.constexpr = B * n
    tl.store(p + tl.arange(0, B), tl.arange(0, B) + T)


# getattr(module, name, default) at module level, as FlagGems picks a math
# function where the library has it: tl.exp exists; tl.no_such_fn does
# not, so the default is taken, with a note.
@triton.jit
def _fallback_fn(x):
    return x * 2.0


_picked_exp = getattr(tl, "exp", _fallback_fn)
_picked_missing = getattr(tl, "no_such_fn", _fallback_fn)


# GETATTR: triton-compat.py:[[@LINE-3]]:19: note: tkc takes getattr()'s default: it does not know 'no_such_fn' of module 'triton.language'
# GETATTR-LABEL: func.func @getattr_defaults
# GETATTR: math.exp
# GETATTR: arith.mulf
@triton.jit
def getattr_defaults(p, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(p + offs, _picked_missing(_picked_exp(tl.load(p + offs))))


# Triton's promotion of the 16-bit floats: bf16 stays bf16 only with bf16
# (with an int32 block, as `s * diff` in vLLM's lightning attention, it
# computes in fp32); fp16 with bf16 computes in fp16.
# HALVES-LABEL: func.func @mixed_halves
# HALVES: %[[B:.*]] = arith.extf %{{.*}} : tensor<16xbf16> to tensor<16xf32>
# HALVES: %[[I:.*]] = arith.sitofp %{{.*}} : tensor<16xi32> to tensor<16xf32>
# HALVES: arith.mulf %[[B]], %[[I]] : tensor<16xf32>
# HALVES: %[[H:.*]] = arith.truncf %[[B]] : tensor<16xf32> to tensor<16xf16>
# HALVES: arith.addf %[[H]], %{{.*}} : tensor<16xf16>
@triton.jit
def mixed_halves(pb, ph, pi, out, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    b = tl.load(pb + offs)
    h = tl.load(ph + offs)
    i = tl.load(pi + offs)
    tl.store(out + offs, b * i)
    tl.store(out + BLOCK + offs, b + h)


# tl.umulhi of 64-bit integers: the 128-bit product's high half (the
# backends give mul.hi.u64 on NVIDIA, 32-bit multiply-adds on AMD).
# UMULHI-LABEL: func.func @umulhi_64
# UMULHI: %[[X:.*]] = arith.extui %{{.*}} : tensor<16xi64> to tensor<16xi128>
# UMULHI: %[[P:.*]] = arith.muli %[[X]], %{{.*}} : tensor<16xi128>
# UMULHI: %[[H:.*]] = arith.shrui %[[P]], %{{.*}} : tensor<16xi128>
# UMULHI: arith.trunci %[[H]] : tensor<16xi128> to tensor<16xi64>
@triton.jit
def umulhi_64(p, q):
    offs = tl.arange(0, 16)
    x = tl.load(p + offs)
    tl.store(q + offs, tl.umulhi(x, x + 1))


# tl.static_print writes compile-time values as Python does: booleans,
# shortest floats, dtypes by name, tuples (a block's shape) in parentheses.
# SPRINT: note: static_print: n 16 True 2.5 2.0 1e-05 fp16 (16, 4) ('a', 1) (16,)
@triton.jit
def printed_constants(p):
    x = tl.load(p + tl.arange(0, 16)[:, None] * 4 + tl.arange(0, 4)[None, :])
    tl.static_print("n", 16, True, 2.5, 2.0, 1e-5, x.dtype, x.shape, ("a", 1), tl.sum(x, 1).shape)


# tl.assume of a run-time scalar is kept for LLVM (tkc.assume); a
# compile-time one, or a block's, is dropped.
@triton.jit
def assumed(X, stride, N: tl.constexpr):
    tl.assume(stride == 1)
    tl.assume(N > 0)
    tl.assume(tl.arange(0, N) >= 0)
    tl.store(X + tl.arange(0, N) * stride, 1.0)
# ASSUME-LABEL: func.func @assumed(
# ASSUME: %[[C:.*]] = arith.cmpi eq, %arg1, %{{.*}} : i32
# ASSUME-NEXT: tkc.assume %[[C]]
# ASSUME-NOT: tkc.assume
# ASSUME: tkc.store


# hasattr and getattr of any object, and isinstance of tl.pointer_type, are
# answered when the kernel is compiled, as in Triton's short-circuit test:
# only an int32 pointer is read and written.
# HASATTR-LABEL: func.func @object_attributes
# HASATTR: tkc.load %arg0 : !tkc.ptr<i32>
# HASATTR: tkc.store %arg0
# HASATTR-F32-LABEL: func.func @object_attributes
# HASATTR-F32-NOT: tkc.load
# HASATTR-F32-NOT: tkc.store
# HASATTR-NONE-LABEL: func.func @object_attributes
# HASATTR-NONE-NOT: tkc.load
@triton.jit
def object_attributes(x):
    tl.static_assert(not hasattr(x, "no_such_attribute"))
    if (x is not None and hasattr(x, "dtype")
            and isinstance(getattr(x, "dtype"), tl.pointer_type)
            and x.dtype.element_ty == tl.int32 and tl.load(x) > 42):
        tl.store(x, 42)
