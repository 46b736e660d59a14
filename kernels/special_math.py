# Special functions of triton.language.extra.libdevice that MLIR's math
# dialect lacks (tkc.extern_elementwise: libdevice on NVIDIA, ocml on AMD),
# its integer bit counts (math-dialect ops), its conversions that round
# as named and integer functions (NVIDIA's libdevice alone has them), and
# LLVM intrinsics named through tl.extern_elementwise (@core.extern).
# tkc compiles this file ahead of time (kernels/BUILD); it must stay plain
# Triton Python.
import triton
import triton.language as tl
from triton.language import core
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



# LLVM intrinsics of fp32, declared as libraries declare their own external
# functions.
@core.extern
def _llvm_floor(x, _semantic=None):
    return core.extern_elementwise("", "", [x], {(core.float32, ): ("llvm.floor.f32", core.float32)},
                                   is_pure=True, _semantic=_semantic)


@core.extern
def _llvm_ceil(x, _semantic=None):
    return core.extern_elementwise("", "", [x], {(core.float32, ): ("llvm.ceil.f32", core.float32)},
                                   is_pure=True, _semantic=_semantic)


@core.extern
def _llvm_fma(x, y, z, _semantic=None):
    return core.extern_elementwise("", "", [x, y, z],
                                   {(core.float32, core.float32, core.float32): ("llvm.fma.f32", core.float32)},
                                   is_pure=True, _semantic=_semantic)


@core.extern
def _llvm_sqrt(x, _semantic=None):
    return core.extern_elementwise("", "", [x], {(core.float32, ): ("llvm.sqrt.f32", core.float32)},
                                   is_pure=True, _semantic=_semantic)


@core.extern
def _llvm_fabs(x, _semantic=None):
    return core.extern_elementwise("", "", [x], {(core.float32, ): ("llvm.fabs.f32", core.float32)},
                                   is_pure=True, _semantic=_semantic)


@triton.jit
def llvm_intrinsics_kernel(x_ptr, out_ptr, n_elements,
                           BLOCK_SIZE: tl.constexpr):
    """For each fp32 x, writes as four rows of n_elements: floor(x),
    ceil(x), fma(x, x, x) and sqrt(|x|), each through the LLVM intrinsic,
    which keeps denormals and rounds correctly."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    out = out_ptr + offsets
    tl.store(out, _llvm_floor(x), mask=mask)
    tl.store(out + n_elements, _llvm_ceil(x), mask=mask)
    tl.store(out + 2 * n_elements, _llvm_fma(x, x, x), mask=mask)
    tl.store(out + 3 * n_elements, _llvm_sqrt(_llvm_fabs(x)), mask=mask)
