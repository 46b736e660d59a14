# Fused scaled add with a ReLU: out[i] = max(a * x[i] + y[i], 0) in fp32, for
# i < n_elements, with the scale `a` passed as a runtime fp32 scalar.
import triton
import triton.language as tl


@triton.jit
def saxpy_relu_kernel(x_ptr, y_ptr, out_ptr, a, n_elements,
                      BLOCK_SIZE: tl.constexpr):
    """Writes relu(a * x + y) to out for the first n_elements elements."""
    first = tl.program_id(axis=0) * BLOCK_SIZE
    idx = first + tl.arange(0, BLOCK_SIZE)
    in_bounds = idx < n_elements
    x = tl.load(x_ptr + idx, mask=in_bounds, other=0.0)
    y = tl.load(y_ptr + idx, mask=in_bounds, other=0.0)
    z = a * x + y
    tl.store(out_ptr + idx, tl.maximum(z, 0.0), mask=in_bounds)
