//===- Library.cpp - triton.language functions written in Triton ----------===//
//
// The library's source and the names it exports. Each function follows the
// semantics of Triton's function of the same name, bit for bit where the
// results are integers or selections (sort, flip, Philox), so that a kernel
// gives the same numbers as under Triton's JIT.
//
//===----------------------------------------------------------------------===//

#include "compiler/Frontend/Library.h"

#include "llvm/ADT/STLExtras.h"

namespace tkc::frontend {

/// The functions the library exports, and whether each is also a block
/// method.
static constexpr std::pair<llvm::StringLiteral, bool> kExports[] = {
    {"sort", true},
    {"topk", false},
    {"bitonic_merge", false},
    {"flip", true},
    {"swizzle2d", false},
    {"philox", false},
    {"randint", false},
    {"randint4x", false},
    {"uint_to_uniform_float", false},
    {"rand", false},
    {"rand4x", false},
    {"pair_uniform_to_normal", false},
    {"randn", false},
    {"randn4x", false},
    {"dot_scaled", false},
    // Private in triton.language.standard, yet imported by kernel libraries
    // (FlagGems' top-k).
    {"_log2", false},
};

bool isLibraryFunction(llvm::StringRef name, bool method) {
  return llvm::any_of(kExports, [&](const auto &entry) {
    return entry.first == name && (!method || entry.second);
  });
}

llvm::StringRef librarySource() {
  return R"tl(# tkc's library of triton.language functions written in the Triton language.
import triton
import triton.language as tl


@triton.jit
def _log2(n: tl.constexpr):
    # The base-2 logarithm of n, a block dimension and so a power of two.
    log: tl.constexpr = 0
    for i in tl.static_range(1, 31):
        if (1 << i) <= n:
            log = i
    return log


@triton.jit
def _same_width_int(x):
    # The signed integer type as wide as the elements of x.
    bits: tl.constexpr = x.dtype.primitive_bitwidth
    tl.static_assert(bits >= 8, "tkc sorts and flips blocks of 8-bit or wider elements only")
    if bits == 8:
        return tl.int8
    elif bits == 16:
        return tl.int16
    elif bits == 32:
        return tl.int32
    else:
        return tl.int64


@triton.jit
def _widen_bools(x):
    # Booleans as int8 (0 and 1), which sort and flip as 8-bit integers do.
    if x.dtype == tl.int1:
        return x.to(tl.int8)
    else:
        return x


@triton.jit
def _bitonic_step(x, rows: tl.constexpr, n: tl.constexpr, j: tl.constexpr, k: tl.constexpr, log_n: tl.constexpr, descending: tl.constexpr):
    # One compare-and-swap step of the bitonic network over the last
    # dimension (n = 2**log_n): the pairs 2**j apart, in the merge of blocks
    # of 2**k elements. A pair swaps when its first element is greater than
    # its second, the reverse in descending blocks.
    itype: tl.constexpr = _same_width_int(x)
    y = tl.reshape(x, (rows * (n >> (j + 1)), 2, 1 << j))
    bits = y.to(itype, bitcast=True)
    partner = bits ^ tl.xor_sum(bits, 1, keep_dims=True)
    first = tl.arange(0, 2)[None, :, None] == 0
    left = tl.where(first, bits, partner).to(x.dtype, bitcast=True)
    right = tl.where(first, partner, bits).to(x.dtype, bitcast=True)
    if k == log_n:
        swap = (left > right) != descending
    else:
        block = tl.arange(0, rows * (n >> (j + 1)))[:, None, None]
        swap = (left > right) != (((block >> (k - j - 1)) & 1) != 0)
    bits = tl.where(swap, partner, bits)
    return tl.reshape(bits.to(x.dtype, bitcast=True), x.shape)


@triton.jit
def sort(x, dim: tl.constexpr = None, descending: tl.constexpr = False):
    rank: tl.constexpr = len(x.shape)
    tl.static_assert(dim is None or dim == -1 or dim == rank - 1, "tl.sort sorts along the last dimension only")
    n: tl.constexpr = x.shape[rank - 1]
    log_n: tl.constexpr = _log2(n)
    rows: tl.constexpr = x.numel // n
    y = _widen_bools(x)
    for k in tl.static_range(1, log_n + 1):
        for i in tl.static_range(k):
            y = _bitonic_step(y, rows, n, k - 1 - i, k, log_n, descending)
    return y.to(x.dtype)


@triton.jit
def bitonic_merge(x, dim: tl.constexpr = None, descending: tl.constexpr = 0):
    # Sorts x along the last dimension where each row is bitonic (rises then
    # falls, or falls then rises): the last stage of the bitonic network.
    rank: tl.constexpr = len(x.shape)
    tl.static_assert(dim is None or dim == -1 or dim == rank - 1, "tl.bitonic_merge merges along the last dimension only")
    n: tl.constexpr = x.shape[rank - 1]
    log_n: tl.constexpr = _log2(n)
    rows: tl.constexpr = x.numel // n
    for i in tl.static_range(log_n):
        x = _bitonic_step(x, rows, n, log_n - 1 - i, log_n, log_n, descending != 0)
    return x


@triton.jit
def topk(x, k: tl.constexpr, dim: tl.constexpr = None):
    # The k largest elements along the last dimension, in descending order.
    # Blocks of k are sorted, then paired until one is left: the larger of
    # each element of a block and the mirrored element of its neighbour
    # are the k largest of both (the maximum half of a bitonic merge), a
    # bitonic sequence that the last stage of the network sorts.
    rank: tl.constexpr = len(x.shape)
    tl.static_assert(dim is None or dim == -1 or dim == rank - 1, "tl.topk selects along the last dimension only")
    tl.static_assert(rank <= 3, "tkc's tl.topk takes blocks of up to 3 dimensions")
    n: tl.constexpr = x.shape[rank - 1]
    tl.static_assert(k <= n, "tl.topk: k is larger than the dimension")
    rows: tl.constexpr = x.numel // n
    blocks: tl.constexpr = n // k
    itype: tl.constexpr = _same_width_int(x)
    log_k: tl.constexpr = _log2(k)
    y = sort(tl.reshape(x, (rows * blocks, k)), descending=True)
    for i in tl.static_range(_log2(blocks)):
        pairs: tl.constexpr = rows * (blocks >> (i + 1))
        bits = tl.reshape(y, (pairs, 2, k)).to(itype, bitcast=True)
        first = tl.arange(0, 2)[None, :, None] == 0
        a = tl.xor_sum(tl.where(first, bits, 0), 1).to(x.dtype, bitcast=True)
        b = tl.xor_sum(tl.where(first, 0, bits), 1).to(x.dtype, bitcast=True)
        y = tl.maximum(a, flip(b, 1))
        for j in tl.static_range(log_k):
            y = _bitonic_step(y, pairs, k, log_k - 1 - j, log_k, log_k, True)
    if rank == 1:
        return tl.reshape(y, (k,))
    elif rank == 2:
        return tl.reshape(y, (x.shape[0], k))
    else:
        return tl.reshape(y, (x.shape[0], x.shape[1], k))


@triton.jit
def flip(x, dim=None):
    rank: tl.constexpr = len(x.shape)
    if dim is None:
        d: tl.constexpr = rank - 1
    elif dim < 0:
        d: tl.constexpr = dim + rank
    else:
        d: tl.constexpr = dim
    tl.static_assert(d >= 0 and d < rank, "tl.flip: dim is out of range")
    n: tl.constexpr = x.shape[d]
    log_n: tl.constexpr = _log2(n)
    outer: tl.constexpr = 1
    for i in tl.static_range(d):
        outer = outer * x.shape[i]
    inner: tl.constexpr = x.numel // (outer * n)
    w = _widen_bools(x)
    itype: tl.constexpr = _same_width_int(w)
    y = w.to(itype, bitcast=True)
    # Swapping the halves of every aligned run of 2**(i+1) positions, for
    # each i, reverses the positions.
    for i in tl.static_range(log_n):
        y = tl.reshape(y, (outer * (n >> (i + 1)), 2, (1 << i) * inner))
        y = y ^ tl.xor_sum(y, 1, keep_dims=True)
    return tl.reshape(y, x.shape).to(w.dtype, bitcast=True).to(x.dtype)


@triton.jit
def swizzle2d(i, j, size_i, size_j, size_g):
    # Row-major (i, j) in a size_i x size_j grid -> the same rank in an
    # order that walks groups of size_g rows column by column.
    rank = i * size_j + j
    group_size = size_g * size_j
    first_row = (rank // group_size) * size_g
    rows = tl.minimum(size_i - first_row, size_g)
    rank = rank % group_size
    return first_row + rank % rows, rank // rows


@triton.jit
def philox(seed, c0, c1, c2, c3, n_rounds: tl.constexpr = 10):
    # Philox (Salmon et al., SC'11), 10 rounds by default: 4x32 for 32-bit
    # counters (the key from the 64-bit seed's halves), 4x64 for 64-bit ones
    # (the seed is the key's first word).
    tl.static_assert(c0.dtype.primitive_bitwidth == 32 or c0.dtype.primitive_bitwidth == 64, "tl.philox takes 32- or 64-bit counters")
    seed = tl.cast(seed, tl.uint64)
    if c0.dtype.primitive_bitwidth == 32:
        itype: tl.constexpr = tl.uint32
        k0 = (seed & 0xFFFFFFFF).to(tl.uint32)
        k1 = ((seed >> 32) & 0xFFFFFFFF).to(tl.uint32)
        m0 = tl.cast(0xD2511F53, tl.uint32)
        m1 = tl.cast(0xCD9E8D57, tl.uint32)
        w0 = tl.cast(0x9E3779B9, tl.uint32)
        w1 = tl.cast(0xBB67AE85, tl.uint32)
    else:
        itype: tl.constexpr = tl.uint64
        k0 = seed
        k1 = seed * 0
        m0 = tl.cast(0xD2E7470EE14C6C93, tl.uint64)
        m1 = tl.cast(0xCA5A826395121157, tl.uint64)
        w0 = tl.cast(0x9E3779B97F4A7C15, tl.uint64)
        w1 = tl.cast(0xBB67AE8584CAA73B, tl.uint64)
    c0 = c0.to(itype, bitcast=True)
    c1 = c1.to(itype, bitcast=True)
    c2 = c2.to(itype, bitcast=True)
    c3 = c3.to(itype, bitcast=True)
    for _ in tl.static_range(n_rounds):
        a = c0
        b = c2
        c0 = tl.umulhi(m1, b) ^ c1 ^ k0
        c2 = tl.umulhi(m0, a) ^ c3 ^ k1
        c1 = m1 * b
        c3 = m0 * a
        k0 = k0 + w0
        k1 = k1 + w1
    return c0, c1, c2, c3


@triton.jit
def randint4x(seed, offset, n_rounds: tl.constexpr = 10):
    # A constant offset becomes an int32 scalar, as Triton's to_tensor makes it.
    offset = offset + tl.full((), 0, tl.int32)
    zero = offset * 0
    return philox(seed, offset, zero, zero, zero, n_rounds)


@triton.jit
def randint(seed, offset, n_rounds: tl.constexpr = 10):
    r, _, _, _ = randint4x(seed, offset, n_rounds)
    return r


@triton.jit
def uint_to_uniform_float(x):
    # 32 or 64 random bits -> an fp32 in [0, 1): the bits as a signed
    # integer, folded to non-negative, times the largest scale that keeps
    # the largest such integer below 1 after rounding.
    tl.static_assert(x.dtype.primitive_bitwidth == 32 or x.dtype.primitive_bitwidth == 64, "tl.uint_to_uniform_float takes 32- or 64-bit integers")
    if x.dtype.primitive_bitwidth == 32:
        x = x.to(tl.int32, bitcast=True)
        scale = 4.6566127342e-10
    else:
        x = x.to(tl.int64, bitcast=True)
        scale = 1.0842020432385337e-19
    x = tl.where(x < 0, -x - 1, x)
    return x * scale


@triton.jit
def rand(seed, offset, n_rounds: tl.constexpr = 10):
    return uint_to_uniform_float(randint(seed, offset, n_rounds))


@triton.jit
def rand4x(seed, offset, n_rounds: tl.constexpr = 10):
    i0, i1, i2, i3 = randint4x(seed, offset, n_rounds)
    return uint_to_uniform_float(i0), uint_to_uniform_float(i1), uint_to_uniform_float(i2), uint_to_uniform_float(i3)


@triton.jit
def pair_uniform_to_normal(u1, u2):
    # Box-Muller: two uniform samples -> two standard normal ones.
    u1 = tl.maximum(1.0e-7, u1)
    angle = 6.283185307179586 * u2
    radius = tl.sqrt(-2.0 * tl.log(u1))
    return radius * tl.cos(angle), radius * tl.sin(angle)


@triton.jit
def randn(seed, offset, n_rounds: tl.constexpr = 10):
    i0, i1, _, _ = randint4x(seed, offset, n_rounds)
    n0, _ = pair_uniform_to_normal(uint_to_uniform_float(i0), uint_to_uniform_float(i1))
    return n0


@triton.jit
def randn4x(seed, offset, n_rounds: tl.constexpr = 10):
    u0, u1, u2, u3 = rand4x(seed, offset, n_rounds)
    n0, n1 = pair_uniform_to_normal(u0, u1)
    n2, n3 = pair_uniform_to_normal(u2, u3)
    return n0, n1, n2, n3


@triton.jit
def _e2m1_to_bf16(nibbles):
    # e2m1 codes (sign, 2 exponent bits, 1 mantissa bit) -> bf16, exactly:
    # 0, 0.5, 1, 1.5, 2, 3, 4, 6 and their negatives (code 8 is -0.0).
    n = nibbles.to(tl.int32)
    e = (n >> 1) & 3
    m = n & 1
    magnitude = tl.where(e == 0, m * 0x3F00, ((e + 126) << 7) | (m << 6))
    return (((n & 8) << 12) | magnitude).to(tl.int16).to(tl.bfloat16, bitcast=True)


@triton.jit
def _mx_upcast(v, fmt: tl.constexpr, compute: tl.constexpr, k_dim: tl.constexpr):
    # The elements of v, stored in fmt, as compute (bf16 or fp16). e2m1
    # packs two per byte along k_dim, the first in the low nibble.
    if fmt == "e2m1":
        tl.static_assert(v.dtype.primitive_bitwidth == 8, "tl.dot_scaled: e2m1 operands are packed in 8-bit integers")
        bits = v.to(tl.uint8, bitcast=True)
        pairs = tl.join(_e2m1_to_bf16(bits & 15), _e2m1_to_bf16(bits >> 4))
        if k_dim == 1:
            x = tl.reshape(pairs, (v.shape[0], v.shape[1] * 2))
        else:
            x = tl.reshape(tl.permute(pairs, (0, 2, 1)), (v.shape[0] * 2, v.shape[1]))
        return x.to(compute)
    elif fmt == "e4m3":
        return v.to(tl.float8e4nv, bitcast=True).to(compute)
    elif fmt == "e5m2":
        return v.to(tl.float8e5, bitcast=True).to(compute)
    else:
        tl.static_assert(v.dtype == compute, "tl.dot_scaled: a bf16 or fp16 operand must have its format's dtype")
        return v


@triton.jit
def _mx_scale(x, scale, compute: tl.constexpr, k_dim: tl.constexpr, fast_math: tl.constexpr):
    # x times its e8m0 scales (scale: one per 32 elements along K, rows
    # along M or N), as powers of two in compute; without fast_math, NaN
    # where a scale is 0xFF. x is viewed with K split into (groups, 32), so
    # that each scale broadcasts over its group.
    tl.static_assert(scale.dtype.primitive_bitwidth == 8, "tl.dot_scaled: scales are e8m0 in 8-bit integers")
    rows: tl.constexpr = scale.shape[0]
    groups: tl.constexpr = scale.shape[1]
    tl.static_assert(rows == x.shape[1 - k_dim] and groups * 32 == x.shape[k_dim], "tl.dot_scaled: a scale's shape must be [M or N, K // 32]")
    bits = scale.to(tl.uint8, bitcast=True)
    if compute == tl.bfloat16:
        factor = (bits.to(tl.uint16) << 7).to(tl.bfloat16, bitcast=True)
    else:
        factor = (bits.to(tl.uint32) << 23).to(tl.float32, bitcast=True).to(tl.float16)
    if k_dim == 1:
        x = tl.reshape(x, (rows, groups, 32)) * factor[:, :, None]
        if not fast_math:
            x = tl.where((bits == 255)[:, :, None], float("nan"), x)
        return tl.reshape(x, (rows, groups * 32))
    else:
        x = tl.reshape(x, (groups, 32, rows)) * tl.trans(factor)[:, None, :]
        if not fast_math:
            x = tl.where(tl.trans(bits == 255)[:, None, :], float("nan"), x)
        return tl.reshape(x, (groups * 32, rows))


@triton.jit
def dot_scaled(lhs, lhs_scale, lhs_format: tl.constexpr, rhs, rhs_scale, rhs_format: tl.constexpr, acc=None, fast_math: tl.constexpr = False, lhs_k_pack: tl.constexpr = True, rhs_k_pack: tl.constexpr = True, out_dtype: tl.constexpr = tl.float32):
    # As Triton emulates it where the hardware has no scaled product: each
    # operand upcast to bf16 (fp16 when either format is fp16) and
    # multiplied by its scales, then an ordinary dot with fp32 accumulation.
    tl.static_assert(lhs_format == "e2m1" or lhs_format == "e4m3" or lhs_format == "e5m2" or lhs_format == "bf16" or lhs_format == "fp16", "tl.dot_scaled: lhs_format must be e2m1, e4m3, e5m2, bf16 or fp16")
    tl.static_assert(rhs_format == "e2m1" or rhs_format == "e4m3" or rhs_format == "e5m2" or rhs_format == "bf16" or rhs_format == "fp16", "tl.dot_scaled: rhs_format must be e2m1, e4m3, e5m2, bf16 or fp16")
    tl.static_assert(len(lhs.shape) == 2 and len(rhs.shape) == 2, "tkc's tl.dot_scaled takes 2-D blocks (batched 3-D ones are not supported yet)")
    tl.static_assert(lhs_k_pack and rhs_k_pack, "tkc's tl.dot_scaled takes e2m1 packed along K only (lhs_k_pack and rhs_k_pack False are not supported yet)")
    tl.static_assert(out_dtype == tl.float32, "tl.dot_scaled: out_dtype must be tl.float32")
    if lhs_format == "fp16" or rhs_format == "fp16":
        compute: tl.constexpr = tl.float16
    else:
        compute: tl.constexpr = tl.bfloat16
    a = _mx_upcast(lhs, lhs_format, compute, 1)
    b = _mx_upcast(rhs, rhs_format, compute, 0)
    tl.static_assert(a.shape[1] == b.shape[0], "tl.dot_scaled: lhs and rhs must pack the same number of elements along K")
    if lhs_scale is not None:
        a = _mx_scale(a, lhs_scale, compute, 1, fast_math)
    if rhs_scale is not None:
        b = _mx_scale(b, rhs_scale, compute, 0, fast_math)
    if acc is None:
        return tl.dot(a, b, out_dtype=tl.float32)
    return tl.dot(a, b, acc)
)tl";
}

} // namespace tkc::frontend
