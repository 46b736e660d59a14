# A kernel of this workspace with a manifest (scale.json): out = alpha * x.
import triton
import triton.language as tl


@triton.jit
def scale_kernel(x_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    in_range = offsets < n
    x = tl.load(x_ptr + offsets, mask=in_range)
    tl.store(out_ptr + offsets, alpha * x, mask=in_range)
