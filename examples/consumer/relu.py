# An elementwise kernel of this workspace: out = max(x, 0).
import triton
import triton.language as tl


@triton.jit
def relu_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    in_range = offsets < n
    x = tl.load(x_ptr + offsets, mask=in_range)
    tl.store(out_ptr + offsets, tl.maximum(x, 0.0), mask=in_range)
