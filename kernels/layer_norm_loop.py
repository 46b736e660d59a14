# Layer normalization forward in the style most open kernels are written in:
# one program per row, the row pointers advanced to the row first
# (`x_ptr += row * stride`), and the row walked in BLOCK_SIZE-wide chunks by
# three `for` loops over the columns (sum, sum of squared deviations, then
# normalize and store), so any n_cols works with any BLOCK_SIZE. Same
# parameters and results as layer_norm.py's layer_norm_fwd_kernel: the row's
# fp32 mean and rstd (biased variance, plus eps), and
# y = (x - mean) * rstd * w + b, rounded once on the store.
# It exists to keep tkc honest on loops over columns and advanced pointers:
# bench/ runs it through Triton's JIT too, so it must stay plain, importable
# Triton Python.
import triton
import triton.language as tl


@triton.jit
def layer_norm_loop_fwd_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr,
                               x_row_stride, y_row_stride, n_rows, n_cols, eps,
                               BLOCK_SIZE: tl.constexpr):
    """Normalizes row program_id(0) of x into y, BLOCK_SIZE columns at a time;
    writes the row's mean and rstd."""
    row = tl.program_id(0)
    x_ptr += row * x_row_stride
    y_ptr += row * y_row_stride
    partial_sums = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        x = tl.load(x_ptr + cols, mask=cols < n_cols, other=0.).to(tl.float32)
        partial_sums += x
    mean = tl.sum(partial_sums, axis=0) / n_cols
    partial_squares = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        x = tl.load(x_ptr + cols, mask=cols < n_cols, other=0.).to(tl.float32)
        deviation = tl.where(cols < n_cols, x - mean, 0.)
        partial_squares += deviation * deviation
    rstd = 1 / tl.sqrt(tl.sum(partial_squares, axis=0) / n_cols + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        in_row = cols < n_cols
        w = tl.load(w_ptr + cols, mask=in_row)
        b = tl.load(b_ptr + cols, mask=in_row)
        x = tl.load(x_ptr + cols, mask=in_row, other=0.).to(tl.float32)
        y = (x - mean) * rstd * w + b
        tl.store(y_ptr + cols, y.to(y_ptr.dtype.element_ty), mask=in_row)
