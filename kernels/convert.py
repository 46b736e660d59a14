# Precision conversion between fp16, fp32 and the fp8 kinds, n_elements values
# at a time: widening (exact) and narrowing (round to nearest even, as
# Triton's .to(); to fp8 saturating, as NVIDIA's cvt.rn.satfinite). One
# kernel serves every pair: the pointers' element types say which.
import triton
import triton.language as tl


@triton.jit
def convert_kernel(src_ptr, dst_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """Converts n_elements values at src to dst's element type."""
    first = tl.program_id(axis=0) * BLOCK_SIZE
    idx = first + tl.arange(0, BLOCK_SIZE)
    in_bounds = idx < n_elements
    value = tl.load(src_ptr + idx, mask=in_bounds)
    tl.store(dst_ptr + idx, value.to(dst_ptr.dtype.element_ty), mask=in_bounds)
