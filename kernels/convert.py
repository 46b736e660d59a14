# Precision conversion between fp16, fp32 and the fp8 kinds, n_elements values
# at a time: widening (exact) and narrowing (round to nearest even, as
# Triton's .to(); to fp8 saturating, as NVIDIA's cvt.rn.satfinite).
import triton
import triton.language as tl


@triton.jit
def fp16_to_fp32_kernel(src_ptr, dst_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """Widens n_elements fp16 values at src to fp32 at dst."""
    first = tl.program_id(axis=0) * BLOCK_SIZE
    idx = first + tl.arange(0, BLOCK_SIZE)
    in_bounds = idx < n_elements
    half = tl.load(src_ptr + idx, mask=in_bounds)
    tl.store(dst_ptr + idx, half.to(tl.float32), mask=in_bounds)


@triton.jit
def fp32_to_fp16_kernel(src_ptr, dst_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """Narrows n_elements fp32 values at src to fp16 at dst."""
    first = tl.program_id(axis=0) * BLOCK_SIZE
    idx = first + tl.arange(0, BLOCK_SIZE)
    in_bounds = idx < n_elements
    single = tl.load(src_ptr + idx, mask=in_bounds)
    tl.store(dst_ptr + idx, single.to(tl.float16), mask=in_bounds)


@triton.jit
def fp32_to_fp8_kernel(src_ptr, dst_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """Narrows n_elements fp32 values at src to dst's fp8 kind (round to
    nearest even, saturating to the largest finite value)."""
    first = tl.program_id(axis=0) * BLOCK_SIZE
    idx = first + tl.arange(0, BLOCK_SIZE)
    in_bounds = idx < n_elements
    single = tl.load(src_ptr + idx, mask=in_bounds)
    tl.store(dst_ptr + idx, single.to(dst_ptr.dtype.element_ty), mask=in_bounds)


@triton.jit
def fp8_to_fp32_kernel(src_ptr, dst_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """Widens n_elements fp8 values at src (of its pointer's kind) to fp32."""
    first = tl.program_id(axis=0) * BLOCK_SIZE
    idx = first + tl.arange(0, BLOCK_SIZE)
    in_bounds = idx < n_elements
    quarter = tl.load(src_ptr + idx, mask=in_bounds)
    tl.store(dst_ptr + idx, quarter.to(tl.float32), mask=in_bounds)
