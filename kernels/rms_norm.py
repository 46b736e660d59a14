# RMS normalization of each row: y = x * rsqrt(mean(x^2) + eps) * w over the
# first n_cols columns of each of n_rows rows, with the weight w shared by all
# rows. Inputs and outputs are fp32 or fp16 (the pointers' type); the math is
# fp32 throughout and rounded once on the store. One program per row, the whole
# row in one block (BLOCK_SIZE is a power of two >= n_cols).
# tkc compiles this file ahead of time (kernels/BUILD); bench/ also runs it
# through Triton's JIT, so it must stay plain, importable Triton Python.
import triton
import triton.language as tl


@triton.jit
def rms_norm_kernel(x_ptr, w_ptr, y_ptr, x_row_stride, y_row_stride, n_rows,
                    n_cols, eps, BLOCK_SIZE: tl.constexpr):
    """Writes the RMS-normalized, w-scaled row program_id(0) of x to y."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    in_row = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=in_row,
                other=0.0).to(tl.float32)
    mean_square = tl.sum(x * x, axis=0) / n_cols
    inv_rms = tl.rsqrt(mean_square + eps)
    w = tl.load(w_ptr + cols, mask=in_row, other=0.0).to(tl.float32)
    y = x * inv_rms * w
    tl.store(y_ptr + row * y_row_stride + cols,
             y.to(y_ptr.dtype.element_ty), mask=in_row)
