# Kernels built on pairs of values (tl.split, tl.join, tl.interleave, tl.cat),
# in the style of rotary embeddings and packed complex data. tkc compiles this file
# ahead of time (kernels/BUILD); it must stay plain Triton Python.
import triton
import triton.language as tl


@triton.jit
def rotate_pairs_kernel(x_ptr, cos_ptr, sin_ptr, y_ptr, n_pairs,
                        BLOCK_SIZE: tl.constexpr):
    """Rotates n_pairs interleaved (re, im) pairs of x by the angles whose
    cosines and sines are given per pair: y = (re*c - im*s, re*s + im*c)."""
    pairs = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    in_bounds = pairs < n_pairs
    halves = tl.arange(0, 2)
    offsets = pairs[:, None] * 2 + halves[None, :]
    both = in_bounds[:, None] & (halves[None, :] < 2)
    re, im = tl.split(tl.load(x_ptr + offsets, mask=both, other=0.0))
    c = tl.load(cos_ptr + pairs, mask=in_bounds, other=1.0)
    s = tl.load(sin_ptr + pairs, mask=in_bounds, other=0.0)
    rotated = tl.join(re * c - im * s, re * s + im * c)
    tl.store(y_ptr + offsets, rotated, mask=both)


@triton.jit
def interleave_kernel(a_ptr, b_ptr, out_ptr, n_elements,
                      BLOCK_SIZE: tl.constexpr):
    """Writes a[i] to out[2i] and b[i] to out[2i+1] for i < n_elements."""
    first = tl.program_id(axis=0) * BLOCK_SIZE
    idx = first + tl.arange(0, BLOCK_SIZE)
    a = tl.load(a_ptr + idx, mask=idx < n_elements)
    b = tl.load(b_ptr + idx, mask=idx < n_elements)
    out = 2 * first + tl.arange(0, 2 * BLOCK_SIZE)
    tl.store(out_ptr + out, tl.interleave(a, b), mask=out < 2 * n_elements)


@triton.jit
def concat_rows_kernel(a_ptr, b_ptr, out_ptr, n_rows, ROWS: tl.constexpr,
                       COLS: tl.constexpr):
    """Writes rows [p*ROWS, (p+1)*ROWS) of a, then the same rows of b, all
    COLS wide, to rows [2*p*ROWS, 2*(p+1)*ROWS) of out: tl.cat of two
    tiles. Rows past n_rows are neither read nor written."""
    p = tl.program_id(axis=0)
    rows = p * ROWS + tl.arange(0, ROWS)
    cols = tl.arange(0, COLS)
    offsets = rows[:, None] * COLS + cols[None, :]
    mask = (rows[:, None] < n_rows) & (cols[None, :] < COLS)
    a = tl.load(a_ptr + offsets, mask=mask, other=0.0)
    b = tl.load(b_ptr + offsets, mask=mask, other=0.0)
    both = tl.cat(a, b, can_reorder=True)
    halves = tl.arange(0, 2 * ROWS)
    src_rows = p * ROWS + halves % ROWS
    out = (2 * p * ROWS + halves)[:, None] * COLS + cols[None, :]
    tl.store(out_ptr + out, both,
             mask=(src_rows[:, None] < n_rows) & (cols[None, :] < COLS))
