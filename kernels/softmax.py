# Row softmax: y[r, :] = exp(x[r, :] - max(x[r, :])) / sum(exp(...)) over the
# first n_cols columns of each of n_rows rows. x and y are fp32 or fp16 (the
# pointers' type); the math is fp32 and rounded once on the store. One
# program per row, the whole row in one block (BLOCK_SIZE is a power of two
# >= n_cols); the masked tail loads -inf, so it adds exp(-inf) = 0 to the sum
# and never wins the max.
# Rows may be strided (x_row_stride, y_row_stride are in elements).
# tkc compiles this file ahead of time (kernels/BUILD); bench/ also runs it
# through Triton's JIT, so it must stay plain, importable Triton Python.
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(x_ptr, y_ptr, x_row_stride, y_row_stride, n_rows, n_cols,
                   BLOCK_SIZE: tl.constexpr):
    """Writes the softmax of row program_id(0) of x to the same row of y."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    in_row = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=in_row,
                other=-float("inf")).to(tl.float32)
    shifted = x - tl.max(x, axis=0)
    numerator = tl.exp(shifted)
    denominator = tl.sum(numerator, axis=0)
    y = numerator / denominator
    tl.store(y_ptr + row * y_row_stride + cols, y.to(y_ptr.dtype.element_ty),
             mask=in_row)
