# Layer normalization forward, one row per program, the whole row in one
# block (BLOCK_SIZE is a power of two >= n_cols): the row's mean and
# reciprocal standard deviation (biased variance, plus eps) in fp32, stored to
# mean[row] and rstd[row] for the backward pass, and
# y = (x - mean) * rstd * w + b. x, y, w and b are fp32 or fp16 (the pointers'
# type); the math is fp32 and rounded once on the store.
# tkc compiles this file ahead of time (kernels/BUILD); bench/ also runs it
# through Triton's JIT, so it must stay plain, importable Triton Python.
import triton
import triton.language as tl


@triton.jit
def layer_norm_fwd_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr,
                          x_row_stride, y_row_stride, n_rows, n_cols, eps,
                          BLOCK_SIZE: tl.constexpr):
    """Normalizes row program_id(0) of x into y; writes its mean and rstd."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    in_row = cols < n_cols
    x = tl.load(x_ptr + row * x_row_stride + cols, mask=in_row,
                other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    centered = tl.where(in_row, x - mean, 0.0)
    variance = tl.sum(centered * centered, axis=0) / n_cols
    rstd = 1.0 / tl.sqrt(variance + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    w = tl.load(w_ptr + cols, mask=in_row, other=0.0).to(tl.float32)
    b = tl.load(b_ptr + cols, mask=in_row, other=0.0).to(tl.float32)
    y = centered * rstd * w + b
    tl.store(y_ptr + row * y_row_stride + cols,
             y.to(y_ptr.dtype.element_ty), mask=in_row)
