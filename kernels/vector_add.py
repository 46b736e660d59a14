# Elementwise fp32 vector addition, out[i] = x[i] + y[i] for i < n_elements.
# Each program handles one BLOCK_SIZE-wide slice; the last slice is masked.
# tkc compiles this file ahead of time (kernels/BUILD), and bench/ also runs it
# through Triton's JIT, so it must stay plain, importable Triton Python.
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
