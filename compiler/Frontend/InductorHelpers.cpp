//===- InductorHelpers.cpp - torch.compile's Triton helpers ---------------===//
//
// tkc's version of torch._inductor.runtime.triton_helpers: each function
// computes what torch's function of the same name computes, element for
// element (NaN propagation, ties broken toward the lower index, Python's
// integer division), so that a kernel torch.compile wrote gives the same
// numbers under tkc as under Triton's JIT.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/InductorHelpers.h"

namespace tkc::frontend {

bool isInductorHelpersModule(llvm::StringRef dotted) {
  return dotted == "torch._inductor.runtime.triton_helpers" ||
         dotted == "torch._inductor.triton_helpers";
}

llvm::StringRef inductorHelpersSource() {
  return R"tl(# tkc's torch._inductor.runtime.triton_helpers, in the Triton language.
# Functions of every torch release since 2.1 that kernels call; where torch
# changed a function, the current semantics, with later parameters optional.
import triton
import triton.language as tl
from triton.language import math
from triton.language.extra import libdevice
from triton.language.standard import _log2


@triton.jit
def promote_to_tensor(x):
    # A number or a block, as a block (of one element for a number).
    return x + tl.zeros((1,), tl.int1)


@triton.jit
def is_floating(x):
    return promote_to_tensor(x).dtype.is_floating()


@triton.jit
def div_floor_integer(a, b):
    # Python's a // b: the quotient rounded down, where Triton's // (like
    # C's) rounds toward zero.
    quotient = a // b
    rounded_up = ((a % b) != 0) & ((a < 0) != (b < 0))
    return tl.where(rounded_up, quotient - 1, quotient)


@triton.jit
def remainder_integer(a, b):
    # Python's a % b: the remainder takes the divisor's sign.
    remainder = a % b
    wrong_sign = (remainder != 0) & ((a < 0) != (b < 0))
    return tl.where(wrong_sign, remainder + b, remainder)


@triton.jit
def pow_integer(base, exponent):
    # base ** exponent by squaring, over every bit of the exponent.
    bits: tl.constexpr = exponent.dtype.primitive_bitwidth
    e = exponent.to(tl.core.get_int_dtype(bits, signed=False))
    result = tl.full(base.shape, 1, base.dtype)
    for _ in tl.static_range(bits):
        result = tl.where((e & 1) != 0, result * base, result)
        e = e >> 1
        base = base * base
    return result


@triton.jit
def _prod_accumulate(a, b):
    return a * b


@triton.jit
def prod(input, axis):
    return tl.reduce(input, axis, _prod_accumulate)


@triton.jit
def minimum(a, b):
    # torch.minimum: NaN if either is.
    return tl.minimum(a, b, propagate_nan=tl.PropagateNan.ALL)


@triton.jit
def maximum(a, b):
    return tl.maximum(a, b, propagate_nan=tl.PropagateNan.ALL)


@triton.jit
def _minimum_reduce(a, b):
    # As minimum, but of equal values (-0.0 and 0.0) the second.
    value = minimum(a, b)
    if is_floating(a):
        value = tl.where(a == b, b, value)
    return value


@triton.jit
def _maximum_reduce(a, b):
    value = maximum(a, b)
    if is_floating(a):
        value = tl.where(a == b, b, value)
    return value


@triton.jit
def fmaximum(a, b):
    return tl.maximum(a, b)


@triton.jit
def min2(a, dim):
    return tl.reduce(a, dim, minimum)


@triton.jit
def max2(a, dim):
    return tl.reduce(a, dim, maximum)


@triton.jit
def min2_strict(a, dim):
    return tl.reduce(a, dim, _minimum_reduce)


@triton.jit
def max2_strict(a, dim):
    return tl.reduce(a, dim, _maximum_reduce)


@triton.jit
def fmax2(a, dim):
    return tl.reduce(a, dim, fmaximum)


@triton.jit
def _pick_with_index(a_value, a_index, b_value, b_index, take_a):
    # The pair `take_a` picks where a's value wins outright; a NaN wins, and
    # of equal values (NaNs count as equal) the lower index.
    equal = a_value == b_value
    if is_floating(a_value):
        a_nan = a_value != a_value
        b_nan = b_value != b_value
        take_a |= a_nan & (b_nan == 0)
        equal |= a_nan & b_nan
    take_a |= equal & (a_index < b_index)
    return tl.where(take_a, a_value, b_value), tl.where(take_a, a_index, b_index)


@triton.jit
def minimum_with_index(a_value, a_index, b_value, b_index):
    return _pick_with_index(a_value, a_index, b_value, b_index,
                            a_value < b_value)


@triton.jit
def maximum_with_index(a_value, a_index, b_value, b_index):
    return _pick_with_index(a_value, a_index, b_value, b_index,
                            a_value > b_value)


@triton.jit
def min_with_index(value, index, dim):
    return tl.reduce((value, index), dim, minimum_with_index)


@triton.jit
def max_with_index(value, index, dim):
    return tl.reduce((value, index), dim, maximum_with_index)


@triton.jit
def _first_index_of(value, result, index, dim):
    # The lowest index where `value` holds `result` (or NaN).
    hit = (value == tl.expand_dims(result, dim)) | (value != value)
    largest = tl.full([1], (1 << (index.dtype.primitive_bitwidth - 1)) - 1,
                      index.dtype)
    return tl.min(tl.where(hit, index, largest), dim)


@triton.jit
def min_with_first_index(value, index, dim):
    smallest = min2(value, dim)
    return smallest, _first_index_of(value, smallest, index, dim)


@triton.jit
def max_with_first_index(value, index, dim):
    largest = max2(value, dim)
    return largest, _first_index_of(value, largest, index, dim)


@triton.jit
def exp(x, use_fast_math: tl.constexpr):
    if use_fast_math:
        return math.exp(x)
    else:
        return libdevice.exp(x)


@triton.jit
def online_softmax_reduce(lhs_max, lhs_sum, dim, use_fast_math: tl.constexpr,
                          strict_signed_zero: tl.constexpr = False):
    # A block's running maxima and sums of exp(x - max) as one of each.
    if strict_signed_zero:
        out_max = max2_strict(lhs_max, dim)
    else:
        out_max = max2(lhs_max, dim)
    kept = tl.expand_dims(out_max, dim)
    delta = tl.where(kept == float("-inf"), 0, lhs_max - kept)
    out_sum = tl.sum(lhs_sum * exp(delta, use_fast_math), dim)
    return out_max, out_sum


@triton.jit
def online_softmax_combine_with_sum(lhs_max, lhs_sum, rhs_max, rhs_sum,
                                    use_fast_math: tl.constexpr,
                                    strict_signed_zero: tl.constexpr = False):
    # Two (max, sum of exp(x - max)) states as one.
    if strict_signed_zero:
        out_max = _maximum_reduce(lhs_max, rhs_max)
    else:
        out_max = maximum(lhs_max, rhs_max)
    lhs_scale = tl.where(out_max == float("-inf"), 1.0,
                         exp(lhs_max - out_max, use_fast_math))
    rhs_scale = tl.where(out_max == float("-inf"), 1.0,
                         exp(rhs_max - out_max, use_fast_math))
    return out_max, lhs_sum * lhs_scale + rhs_sum * rhs_scale


@triton.jit
def online_softmax_combine(lhs_max, lhs_sum, rhs_max,
                           use_fast_math: tl.constexpr,
                           strict_signed_zero: tl.constexpr = False):
    # The running state and one more element (its sum is 1).
    return online_softmax_combine_with_sum(lhs_max, lhs_sum, rhs_max, 1.0,
                                           use_fast_math, strict_signed_zero)


@triton.jit
def welford_reduce(value, mean, m2, weight, first_iteration):
    # One step of Welford's running mean and sum of squared deviations.
    if first_iteration:
        new_weight = tl.full(weight.shape, 1, weight.dtype)
        new_mean = value
        new_m2 = tl.zeros_like(m2)
    else:
        delta = value - mean
        new_weight = weight + 1
        new_mean = mean + delta / new_weight
        new_m2 = m2 + delta * (value - new_mean)
    return new_mean, new_m2, new_weight


@triton.jit
def welford_combine(mean_1, m2_1, weight_1, mean_2, m2_2, weight_2):
    # Two partial Welford states as one (Chan et al.); equal means, infinite
    # ones included, differ by 0.
    delta = tl.where(mean_1 == mean_2, 0.0, mean_2 - mean_1)
    new_weight = weight_1 + weight_2
    w2_over_w = tl.where(new_weight == 0.0, 0.0, weight_2 / new_weight)
    return (
        mean_1 + delta * w2_over_w,
        m2_1 + m2_2 + delta * delta * weight_1 * w2_over_w,
        new_weight,
    )


@triton.jit
def welford(mean, m2, weight, dim):
    return tl.reduce((mean, m2, weight), dim, welford_combine)


@triton.jit
def device_assert_then(cond, msg, r):
    tl.device_assert(cond, msg)
    return r


@triton.jit
def randint64(seed, offset, low, high):
    # A 64-bit integer in [low, high) from two of Philox's 32-bit draws.
    r0, r1, r2, r3 = tl.randint4x(seed, offset)
    r = r0.to(tl.uint64) | (r1.to(tl.uint64) << 32)
    r = r % (high - low).to(tl.uint64)
    return r.to(tl.int64) + low


@triton.jit
def _any_combine(a, b):
    return a | b


@triton.jit
def any(a, dim):
    return tl.reduce(a, dim, _any_combine)


@triton.jit
def bucketize_binary_search(values, boundaries_ptr, BOUNDARIES_SIZE,
                            BOUNDARIES_UNDERLYING_NUMEL, BOUNDARIES_STRIDE,
                            boundary_indices, indexing_dtype, right,
                            sorter_ptr, SORTER_STRIDE, sorter_indices):
    # torch.bucketize: for each value, how many of its row of boundaries
    # (sorted, or read in `sorter`'s order) lie below it (at or below it
    # with `right`); NaN lies above every boundary.
    low = tl.zeros(values.shape, dtype=indexing_dtype)
    high = tl.full(values.shape, BOUNDARIES_SIZE, dtype=indexing_dtype)
    span = BOUNDARIES_SIZE + 1
    while span > 1:
        mid = (high + low) // 2
        inside = ((mid * BOUNDARIES_STRIDE + boundary_indices) <
                  BOUNDARIES_UNDERLYING_NUMEL) & (mid < BOUNDARIES_SIZE)
        if sorter_ptr is None or SORTER_STRIDE is None:
            at = mid
        else:
            at = tl.load(sorter_ptr + sorter_indices + SORTER_STRIDE * mid,
                         mask=inside, other=0)
        bound = tl.load(boundaries_ptr + boundary_indices +
                        BOUNDARIES_STRIDE * at, mask=inside, other=0)
        if right:
            above = values >= bound
        else:
            above = values > bound
        if is_floating(values):
            above = above | (values != values)
        low = tl.where(above & inside, mid + 1, low)
        high = tl.where(above, high, mid)
        span = (span + 1) // 2
    return low


@triton.jit
def _swap_with_index(x, idxs, rnumel, alternating: tl.constexpr,
                     step: tl.constexpr, i: tl.constexpr,
                     n_dims: tl.constexpr, stable: tl.constexpr,
                     descending: tl.constexpr):
    # One compare-and-swap step of a bitonic network along the last
    # dimension: elements 2**(n_dims - i - 1) apart are ordered (reversed in
    # every other block of an alternating merge stage); indices past
    # `rnumel` sort last. Each element takes its partner's value through an
    # xor over the pair, which stays in registers and shuffles.
    outer: tl.constexpr = x.numel >> n_dims
    shape: tl.constexpr = [outer * 2**i, 2, 2**(n_dims - i - 1)]
    bits = tl.core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth,
                                 signed=True)
    y = tl.reshape(x, shape).to(bits, bitcast=True)
    iy = tl.reshape(idxs, shape)
    y_partner = y ^ tl.xor_sum(y, 1, keep_dims=True)
    i_partner = iy ^ tl.xor_sum(iy, 1, keep_dims=True)
    first = tl.arange(0, 2)[None, :, None] == 0
    left = tl.where(first, y, y_partner).to(x.dtype, bitcast=True)
    right = tl.where(first, y_partner, y).to(x.dtype, bitcast=True)
    left_idx = tl.where(first, iy, i_partner)
    right_idx = tl.where(first, i_partner, iy)
    if descending:
        swap = left < right
    else:
        swap = left > right
    if stable:
        swap = swap | ((left == right) & (left_idx > right_idx))
    if rnumel is not None:
        left_valid = left_idx < rnumel
        right_valid = right_idx < rnumel
        swap = (right_valid > left_valid) | ((right_valid == left_valid) & swap)
    if alternating:
        block = tl.arange(0, outer * 2**i)[:, None, None]
        swap = swap ^ (((block >> step) & 1) != 0)
    y = tl.where(swap, y_partner, y)
    iy = tl.where(swap, i_partner, iy)
    return tl.reshape(y.to(x.dtype, bitcast=True), x.shape), tl.reshape(
        iy, x.shape)


@triton.jit
def _merge_with_index(x, idxs, rnumel, stage: tl.constexpr,
                      alternating: tl.constexpr, n_dims: tl.constexpr,
                      stable: tl.constexpr, descending: tl.constexpr):
    # One bitonic merge stage: runs of 2**stage elements sorted, in
    # alternating directions unless it is the last stage.
    tl.static_assert(stage <= n_dims)
    for i in tl.static_range(stage):
        x, idxs = _swap_with_index(x, idxs, rnumel, alternating, i,
                                   i + (n_dims - stage), n_dims, stable,
                                   descending)
    return x, idxs


@triton.jit
def sort_with_index(x, idxs, rnumel, dim: tl.constexpr = None,
                    stable: tl.constexpr = tl.constexpr(False),
                    descending: tl.constexpr = tl.constexpr(False)):
    # x sorted along its last dimension with the indices that go with it.
    x, idxs = tl.broadcast(x, idxs)
    last: tl.constexpr = len(x.shape) - 1 if dim is None else dim
    tl.static_assert(last == len(x.shape) - 1,
                     "only the last dimension can be sorted")
    n_dims: tl.constexpr = _log2(x.shape[last])
    for i in tl.static_range(1, n_dims + 1):
        x, idxs = _merge_with_index(x, idxs, rnumel, i,
                                    alternating=i < n_dims, n_dims=n_dims,
                                    stable=stable, descending=descending)
    return x, idxs


@triton.jit
def frexp(x):
    # The mantissa in [0.5, 1) and the exponent, 0 and 0 for 0.
    y = libdevice.ilogb(x) + 1
    exponent = tl.where(x == 0, 0, y)
    mantissa = tl.where(x == 0, 0, libdevice.ldexp(x, -y))
    return mantissa, exponent


@triton.jit
def select_one(x, mask, dim, keep_dims: tl.constexpr = False):
    # The element of `x` where the one-hot `mask` is set, along `dim`.
    bits = tl.core.get_int_dtype(x.dtype.primitive_bitwidth, signed=False)
    picked = tl.sum(x.to(bits, bitcast=True) * mask, dim, keep_dims=keep_dims)
    return picked.to(x.dtype, bitcast=True)
)tl";
}

} // namespace tkc::frontend
