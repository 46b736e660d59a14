# Kernels built on the triton.language functions that tkc's frontend library
# writes in the Triton language: tl.sort and tl.flip on rows, and the Philox
# random numbers (tl.rand, tl.randn, tl.randint) with a dropout built on them.
# tkc compiles this file ahead of time (kernels/BUILD); it must stay plain
# Triton Python.
import triton
import triton.language as tl


@triton.jit
def sort_rows_kernel(x_ptr, y_ptr, n_rows, n_cols, N: tl.constexpr,
                     DESCENDING: tl.constexpr):
    """Sorts each of the n_rows rows of x (n_cols wide, n_cols <= N) into y,
    one row per program; the padding past n_cols sorts last."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, N)
    mask = cols < n_cols
    pad = float("-inf") if DESCENDING else float("inf")
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask, other=pad)
    tl.store(y_ptr + row * n_cols + cols, tl.sort(x, descending=DESCENDING),
             mask=mask)


@triton.jit
def flip_tiles_kernel(x_ptr, y_ptr, n_tiles, ROWS: tl.constexpr,
                      COLS: tl.constexpr, DIM: tl.constexpr):
    """Flips each of the n_tiles ROWS x COLS tiles of x (stored one after
    another) along DIM, one tile per program."""
    tile = tl.program_id(axis=0) * ROWS * COLS
    offsets = tl.arange(0, ROWS)[:, None] * COLS + tl.arange(0, COLS)[None, :]
    x = tl.load(x_ptr + tile + offsets)
    tl.store(y_ptr + tile + offsets, x.flip(DIM))


@triton.jit
def random_kernel(uniform_ptr, normal_ptr, bits_ptr, seed, n_elements,
                  BLOCK_SIZE: tl.constexpr):
    """Writes tl.rand, tl.randn and tl.randint of (seed, i) for i <
    n_elements."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    tl.store(uniform_ptr + offsets, tl.rand(seed, offsets), mask=mask)
    tl.store(normal_ptr + offsets, tl.randn(seed, offsets), mask=mask)
    tl.store(bits_ptr + offsets, tl.randint(seed, offsets), mask=mask)


@triton.jit
def random64_kernel(uniform_ptr, bits_ptr, seed, first, n_elements,
                    BLOCK_SIZE: tl.constexpr):
    """Writes tl.rand and tl.randint of (seed, first + i) for i < n_elements,
    with 64-bit offsets: Philox-4x64."""
    index = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = index < n_elements
    offsets = first + index.to(tl.int64)
    tl.store(uniform_ptr + index, tl.rand(seed, offsets), mask=mask)
    tl.store(bits_ptr + index, tl.randint(seed, offsets), mask=mask)


@triton.jit
def dropout_kernel(x_ptr, y_ptr, n_elements, p, seed,
                   BLOCK_SIZE: tl.constexpr):
    """y = x / (1 - p) where tl.rand(seed, i) > p, else 0."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    keep = tl.rand(seed, offsets) > p
    tl.store(y_ptr + offsets, tl.where(keep, x / (1 - p), 0.0), mask=mask)
