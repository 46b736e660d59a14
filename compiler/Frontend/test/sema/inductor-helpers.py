# RUN: tkc compile %s --kernel pointwise --signature '*fp32:16, *fp32:16, *i32:16, *i32:16, i32:16, 1024' --emit=ttir 2>&1 | FileCheck %s --check-prefix=POI
# RUN: tkc compile %s --kernel looped_argmax --signature '*fp32:16, *i64:16, i32:16, i32:16, 1, 1024' --emit=ttir | FileCheck %s --check-prefix=ARGMAX
# RUN: tkc compile %s --kernel looped_var_mean --signature '*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, 1, 1024' --emit=ttir | FileCheck %s --check-prefix=WELFORD
# RUN: tkc compile %s --kernel online_softmax --signature '*fp32:16, *fp32:16, i32:16, i32:16, 1, 1024' --emit=ttir | FileCheck %s --check-prefix=SOFTMAX
# RUN: tkc compile %s --kernel sort_bucketize_frexp --signature '*fp32:16, *fp32:16, *i64:16, *i32:16, 128' --emit=ttir | FileCheck %s --check-prefix=SORT
# RUN: tkc compile %s --kernel other_helpers --signature '*fp32:16, *i32:16, *fp32:16, *i32:16, *i64:16, i32, 128' --emit=ttir | FileCheck %s --check-prefix=OTHER
# RUN: not tkc compile %s --kernel unknown_helper --signature '*fp32:16, 16' --emit=ttir 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# Kernels in the style torch.compile (Inductor) writes them, written here:
# they take triton_helpers, libdevice and math from torch's modules, which
# tkc carries (compiler/Frontend/InductorHelpers.cpp), with no torch
# anywhere. Module-level calls and the heuristics decorators only serve
# torch's launcher.
import triton
import triton.language as tl

from torch._inductor.runtime import triton_helpers, triton_heuristics
from torch._inductor.runtime.triton_helpers import libdevice, math as tl_math
from torch._inductor.runtime.hints import DeviceProperties

triton_helpers.set_driver_to_gpu()


# NaN-propagating minimum/maximum, Python's integer // and %, and the
# math modules taken from triton_helpers.
# POI: note: decorator '@triton_heuristics.pointwise' is ignored
# POI-LABEL: func.func @pointwise
# POI: arith.minimumf
# POI: arith.maximumf
# POI: math.tanh
# POI: math.exp
# POI: arith.divsi
# POI: arith.remsi
# POI: arith.select
@triton_heuristics.pointwise(
    size_hints={'x': 1048576}, filename=__file__,
    triton_meta={'device': DeviceProperties(type='cuda', index=0)})
@triton.jit
def pointwise(in_ptr0, out_ptr0, in_ptr1, out_ptr1, xnumel,
              XBLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:]
    xmask = xindex < xnumel
    x0 = xindex
    tmp0 = tl.load(in_ptr0 + (x0), xmask)
    tmp1 = 0.0
    tmp2 = triton_helpers.minimum(tmp0, tmp1)
    tmp3 = triton_helpers.maximum(tmp2, tmp0 * 0.5)
    tmp4 = libdevice.tanh(tmp3) + tl_math.exp(tmp0)
    tl.store(out_ptr0 + (x0), tmp4, xmask)
    tmp5 = tl.load(in_ptr1 + (x0), xmask)
    tmp6 = tl.full([1], 7, tl.int32)
    tmp7 = triton_helpers.div_floor_integer(tmp5, tmp6)
    tmp8 = triton_helpers.remainder_integer(tmp5, tmp6)
    tl.store(out_ptr1 + (x0), tmp7 + tmp8, xmask)


# A looped arg-max: pairs of values and indices reduced with NaN first and
# the lowest index among equals.
# ARGMAX-LABEL: func.func @looped_argmax
# ARGMAX: scf.for
# ARGMAX: arith.cmpf une
# ARGMAX: scf.yield
# ARGMAX: tkc.reduce
# ARGMAX: arith.cmpi slt
# ARGMAX: tkc.reduce.return
@triton.jit
def looped_argmax(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK: tl.constexpr,
                  R0_BLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    x0 = xindex
    _tmp2 = tl.full([XBLOCK, R0_BLOCK], float("-inf"), tl.float32)
    _tmp2_index = tl.full([XBLOCK, R0_BLOCK], 2147483647, tl.int32)
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        tmp0 = tl.load(in_ptr0 + (r0_index + r0_numel * x0), r0_mask & xmask,
                       eviction_policy='evict_first', other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        _tmp2_next, _tmp2_index_next = triton_helpers.maximum_with_index(
            _tmp2, _tmp2_index, tmp1, r0_index)
        _tmp2 = tl.where(r0_mask & xmask, _tmp2_next, _tmp2)
        _tmp2_index = tl.where(r0_mask & xmask, _tmp2_index_next, _tmp2_index)
    tmp2_val, tmp2_idx = triton_helpers.max_with_index(_tmp2, _tmp2_index, 1)
    tmp2 = tmp2_idx[:, None]
    tl.store(out_ptr0 + (x0), tmp2.to(tl.int64), xmask)


# Welford's mean and variance over a looped row: the first iteration's
# branch is a run-time one.
# WELFORD-LABEL: func.func @looped_var_mean
# WELFORD: scf.for
# WELFORD: scf.if
# WELFORD: arith.divf
# WELFORD: tkc.reduce
@triton.jit
def looped_var_mean(in_ptr0, out_ptr0, out_ptr1, xnumel, r0_numel,
                    XBLOCK: tl.constexpr, R0_BLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    x0 = xindex
    tmp2_mean = tl.zeros([XBLOCK, R0_BLOCK], tl.float32)
    tmp2_m2 = tl.zeros([XBLOCK, R0_BLOCK], tl.float32)
    tmp2_weight = tl.zeros([XBLOCK, R0_BLOCK], tl.float32)
    for r0_offset in range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        tmp0 = tl.load(in_ptr0 + (r0_index + r0_numel * x0), r0_mask & xmask,
                       other=0.0)
        tmp1 = tl.broadcast_to(tmp0, [XBLOCK, R0_BLOCK])
        tmp2_mean_next, tmp2_m2_next, tmp2_weight_next = (
            triton_helpers.welford_reduce(tmp1, tmp2_mean, tmp2_m2,
                                          tmp2_weight, r0_offset == 0))
        tmp2_mean = tl.where(r0_mask & xmask, tmp2_mean_next, tmp2_mean)
        tmp2_m2 = tl.where(r0_mask & xmask, tmp2_m2_next, tmp2_m2)
        tmp2_weight = tl.where(r0_mask & xmask, tmp2_weight_next, tmp2_weight)
    tmp3, tmp4, tmp5 = triton_helpers.welford(tmp2_mean, tmp2_m2, tmp2_weight,
                                              1)
    tl.store(out_ptr0 + (x0), tmp3[:, None], xmask)
    tl.store(out_ptr1 + (x0), (tmp4 / tmp5)[:, None], xmask)


# Online softmax statistics, as torch 2.8 calls them (4 arguments) and as
# later releases do (with strict_signed_zero); exp is libdevice's, as
# torch's helper takes it without fast math.
# SOFTMAX-LABEL: func.func @online_softmax
# SOFTMAX: scf.for
# SOFTMAX: tkc.extern_elementwise "exp"
# SOFTMAX: scf.yield
# SOFTMAX: tkc.reduce
@triton.jit
def online_softmax(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK: tl.constexpr,
                   R0_BLOCK: tl.constexpr):
    xoffset = tl.program_id(0) * XBLOCK
    xindex = xoffset + tl.arange(0, XBLOCK)[:, None]
    xmask = xindex < xnumel
    r0_base = tl.arange(0, R0_BLOCK)[None, :]
    x0 = xindex
    _tmp_max = tl.full([XBLOCK, R0_BLOCK], float('-inf'), tl.float32)
    _tmp_sum = tl.zeros([XBLOCK, R0_BLOCK], tl.float32)
    for r0_offset in tl.range(0, r0_numel, R0_BLOCK):
        r0_index = r0_offset + r0_base
        r0_mask = r0_index < r0_numel
        tmp0 = tl.load(in_ptr0 + (r0_index + r0_numel * x0), r0_mask & xmask,
                       other=float('-inf'))
        _max_next, _sum_next = triton_helpers.online_softmax_combine(
            _tmp_max, _tmp_sum, tmp0, False)
        _tmp_max = tl.where(r0_mask, _max_next, _tmp_max)
        _tmp_sum = tl.where(r0_mask, _sum_next, _tmp_sum)
    tmp1, tmp2 = triton_helpers.online_softmax_reduce(_tmp_max, _tmp_sum, 1,
                                                      False, False)
    tl.store(out_ptr0 + (x0), (tmp1 + tl_math.log(tmp2))[:, None], xmask)


# A row sorted with its indices (a bitonic network of reshapes and sums),
# a bucketize by binary search over a row of boundaries (a loop the
# compile-time span unrolls), frexp through libdevice's ilogb and ldexp.
# SORT-LABEL: func.func @sort_bucketize_frexp
# SORT: tkc.reshape
# SORT: tkc.reduce
# SORT: tkc.load
# SORT: tkc.extern_elementwise "ilogb"
# SORT: tkc.extern_elementwise "ldexp"(%{{.*}}, %{{.*}}) : tensor<1x128xf32>, tensor<1x128xi32> -> tensor<1x128xf32>
@triton.jit
def sort_bucketize_frexp(in_ptr0, out_ptr0, out_ptr1, out_ptr2,
                         R0_BLOCK: tl.constexpr):
    r0_index = tl.arange(0, R0_BLOCK)[None, :]
    tmp0 = tl.load(in_ptr0 + r0_index)
    tmp1 = r0_index.to(tl.int16)
    tmp2, tmp3 = triton_helpers.sort_with_index(tmp0, tmp1, None, 1,
                                                stable=False, descending=True)
    tl.store(out_ptr0 + r0_index, tmp2)
    tmp4 = triton_helpers.bucketize_binary_search(tmp0, in_ptr0, 64, 64, 1, 0,
                                                  tl.int64, False, None, None,
                                                  None, )
    tl.store(out_ptr1 + r0_index, tmp4)
    tmp5, tmp6 = triton_helpers.frexp(tmp0)
    tl.store(out_ptr0 + r0_index, tmp5)
    tl.store(out_ptr2 + r0_index, tmp6)


# The rest of the helpers, each once: integer powers by squaring, a one-hot
# selection, 64-bit random integers, an assert that passes a value on, the
# strict and plain reductions, and first indices of extrema.
# (The assert is dropped outside debug mode, as Triton drops it.)
# OTHER-LABEL: func.func @other_helpers
# OTHER: arith.muli
# OTHER: tkc.reduce
# OTHER: arith.ori
# OTHER: arith.maximumf
@triton.jit
def other_helpers(in_ptr0, in_ptr1, out_ptr0, out_ptr1, out_ptr2, seed,
                  R: tl.constexpr):
    r = tl.arange(0, R)[None, :]
    x = tl.load(in_ptr0 + r)
    n = tl.load(in_ptr1 + r)
    tl.store(out_ptr1 + r, triton_helpers.pow_integer(n, n))
    one = tl.arange(0, 1)[:, None]
    tl.store(out_ptr0 + one,
             triton_helpers.select_one(x, r == 3, 1, keep_dims=True))
    tl.store(out_ptr2 + r, triton_helpers.randint64(seed, r, 0, 1000))
    y = triton_helpers.device_assert_then(x == x, "nan", x)
    a = triton_helpers.min2_strict(y, 1) + triton_helpers.max2_strict(y, 1)
    b = triton_helpers.fmax2(y, 1) + triton_helpers.prod(y, 1)
    c = triton_helpers.any(y > 0, 1).to(tl.float32)
    f, g = triton_helpers.max_with_first_index(y, r, 1)
    h, i = triton_helpers.min_with_first_index(y, r, 1)
    tl.store(out_ptr0 + tl.arange(0, 1),
             a + b + c + f + h + (g + i).to(tl.float32))


# UNKNOWN: error: module 'torch._inductor.runtime.triton_helpers' has no attribute 'no_such_helper'
@triton.jit
def unknown_helper(in_ptr0, XBLOCK: tl.constexpr):
    x = tl.load(in_ptr0 + tl.arange(0, XBLOCK))
    tl.store(in_ptr0 + tl.arange(0, XBLOCK), triton_helpers.no_such_helper(x))
