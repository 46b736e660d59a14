# Layer normalization forward, one row per program, the whole row in one
# block (BLOCK_SIZE is a power of two >= n_cols): the row's mean and
# reciprocal standard deviation (biased variance, plus eps) in fp32, stored to
# mean[row] and rstd[row] for the backward pass, and
# y = (x - mean) * rstd * w + b. x, y, w and b are fp32 or fp16 (the pointers'
# type); the math is fp32 and rounded once on the store.
# The backward pass, without atomics, is two kernels: layer_norm_bwd_dx_kernel
# takes a group of rows per program, writes dx for each and one row of fp32
# partial sums of dw and db per group; layer_norm_bwd_dwdb_kernel sums those
# partial rows over the groups into dw and db.
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


@triton.jit
def layer_norm_bwd_dx_kernel(x_ptr, dy_ptr, dx_ptr, w_ptr, mean_ptr, rstd_ptr,
                             dw_partial_ptr, db_partial_ptr, x_row_stride,
                             dy_row_stride, dx_row_stride, n_rows, n_cols,
                             rows_per_group, BLOCK_SIZE: tl.constexpr):
    """Layer norm backward, first pass: program g handles rows
    [g * rows_per_group, min((g + 1) * rows_per_group, n_rows)). For each row
    it writes dx = (w * dy - (xhat * c1 + c2)) * rstd, with
    xhat = (x - mean) * rstd, c1 = mean(xhat * w * dy) and c2 = mean(w * dy),
    and it accumulates dy * xhat and dy over its rows in fp32, stored as row
    g of the [n_groups, n_cols] partial buffers dw_partial and db_partial
    (row stride n_cols) for layer_norm_bwd_dwdb_kernel to sum."""
    group = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    in_row = cols < n_cols
    w = tl.load(w_ptr + cols, mask=in_row, other=0.0).to(tl.float32)
    dw = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    db = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    first = group * rows_per_group
    last = tl.minimum(first + rows_per_group, n_rows)
    for row in range(first, last):
        x = tl.load(x_ptr + row * x_row_stride + cols, mask=in_row,
                    other=0.0).to(tl.float32)
        dy = tl.load(dy_ptr + row * dy_row_stride + cols, mask=in_row,
                     other=0.0).to(tl.float32)
        mean = tl.load(mean_ptr + row)
        rstd = tl.load(rstd_ptr + row)
        xhat = tl.where(in_row, (x - mean) * rstd, 0.0)
        wdy = w * dy
        c1 = tl.sum(xhat * wdy, axis=0) / n_cols
        c2 = tl.sum(wdy, axis=0) / n_cols
        dx = (wdy - (xhat * c1 + c2)) * rstd
        tl.store(dx_ptr + row * dx_row_stride + cols,
                 dx.to(dx_ptr.dtype.element_ty), mask=in_row)
        dw += dy * xhat
        db += dy
    tl.store(dw_partial_ptr + group * n_cols + cols, dw, mask=in_row)
    tl.store(db_partial_ptr + group * n_cols + cols, db, mask=in_row)


@triton.jit
def layer_norm_bwd_dwdb_kernel(dw_partial_ptr, db_partial_ptr, dw_ptr, db_ptr,
                               n_groups, n_cols, BLOCK_SIZE: tl.constexpr):
    """Layer norm backward, second pass: program p sums columns
    [p * BLOCK_SIZE, (p + 1) * BLOCK_SIZE) of the fp32 partial buffers over
    their n_groups rows (row stride n_cols) into dw and db (fp32 or fp16)."""
    cols = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    in_row = cols < n_cols
    dw = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    db = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for group in range(0, n_groups):
        dw += tl.load(dw_partial_ptr + group * n_cols + cols, mask=in_row,
                      other=0.0)
        db += tl.load(db_partial_ptr + group * n_cols + cols, mask=in_row,
                      other=0.0)
    tl.store(dw_ptr + cols, dw.to(dw_ptr.dtype.element_ty), mask=in_row)
    tl.store(db_ptr + cols, db.to(db_ptr.dtype.element_ty), mask=in_row)
