# Elementwise fp32 addition, out[i] = x[i] + y[i] for i < n_elements: the
# kernel of the manifest rule's tests (add.json), in kernels/vector_add.py's
# style. Each program handles one BLOCK_SIZE-wide slice; the last is masked.
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """Writes x + y to out for the first n_elements elements."""
    first = tl.program_id(axis=0) * BLOCK_SIZE
    idx = first + tl.arange(0, BLOCK_SIZE)
    in_bounds = idx < n_elements
    lhs = tl.load(x_ptr + idx, mask=in_bounds)
    rhs = tl.load(y_ptr + idx, mask=in_bounds)
    tl.store(out_ptr + idx, lhs + rhs, mask=in_bounds)
