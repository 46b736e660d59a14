# Precision conversion between fp16 and fp32 buffers of n_elements values:
# widening (exact) and narrowing (round to nearest even, as Triton's .to()).
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
