# Special functions of triton.language.extra.libdevice that MLIR's math
# dialect lacks (tkc.extern_elementwise: libdevice on NVIDIA, ocml on AMD),
# its integer bit counts (math-dialect ops), and its conversions that round
# as named and integer functions (NVIDIA's libdevice alone has them).
# tkc compiles this file ahead of time (kernels/BUILD); it must stay plain
# Triton Python.
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def special_math_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """For x in (0, 1): writes erfinv(2x - 1), lgamma(8x), tgamma(4x + 0.5),
    hypot(x, 1 - x), exp10(x), normcdf(4x - 2), cyl_bessel_i0(4x), j0(8x)
    as eight rows of n_elements."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.5)
    out = out_ptr + offsets
    tl.store(out, libdevice.erfinv(2 * x - 1), mask=mask)
    tl.store(out + n_elements, libdevice.lgamma(8 * x), mask=mask)
    tl.store(out + 2 * n_elements, libdevice.tgamma(4 * x + 0.5), mask=mask)
    tl.store(out + 3 * n_elements, libdevice.hypot(x, 1 - x), mask=mask)
    tl.store(out + 4 * n_elements, libdevice.exp10(x), mask=mask)
    tl.store(out + 5 * n_elements, libdevice.normcdf(4 * x - 2), mask=mask)
    tl.store(out + 6 * n_elements, libdevice.cyl_bessel_i0(4 * x), mask=mask)
    tl.store(out + 7 * n_elements, libdevice.j0(8 * x), mask=mask)


@triton.jit
def bit_counts_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """Writes libdevice.popc, clz and ffs of the int32 x as three rows of
    n_elements."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    out = out_ptr + offsets
    tl.store(out, libdevice.popc(x), mask=mask)
    tl.store(out + n_elements, libdevice.clz(x), mask=mask)
    tl.store(out + 2 * n_elements, libdevice.ffs(x), mask=mask)


@triton.jit
def int_conversions_kernel(x_ptr, out_ptr, n_elements,
                           BLOCK_SIZE: tl.constexpr):
    """For each fp32 x, writes as six rows of n_elements of int32: x rounded
    to nearest even, down, up and toward zero (float2int_rn/rd/ru/rz), the
    high half of the signed product of x's bits with 0x9E3779B9 (mulhi),
    and x's bits reversed (brev)."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    bits = libdevice.float_as_int(x)
    out = out_ptr + offsets
    tl.store(out, libdevice.float2int_rn(x), mask=mask)
    tl.store(out + n_elements, libdevice.float2int_rd(x), mask=mask)
    tl.store(out + 2 * n_elements, libdevice.float2int_ru(x), mask=mask)
    tl.store(out + 3 * n_elements, libdevice.float2int_rz(x), mask=mask)
    tl.store(out + 4 * n_elements, libdevice.mulhi(bits, -1640531527),
             mask=mask)
    tl.store(out + 5 * n_elements, libdevice.brev(bits), mask=mask)
