# Kernels that address a block by values: tl.gather (rows of a tile picked
# by indices) and tl.histogram (counts per value, per program). tkc compiles
# this file ahead of time (kernels/BUILD); it must stay plain Triton Python.
import triton
import triton.language as tl


@triton.jit
def gather_tile_kernel(src_ptr, index_ptr, out_ptr, n_tiles, M: tl.constexpr,
                       N: tl.constexpr, K: tl.constexpr):
    """For each of the n_tiles M x N tiles of src (one per program), writes
    out[k, n] = src[index[k, n], n] for the K x N indices of that tile."""
    tile = tl.program_id(axis=0)
    cols = tl.arange(0, N)[None, :]
    src = tl.load(src_ptr + tile * M * N + tl.arange(0, M)[:, None] * N + cols)
    at = tile * K * N + tl.arange(0, K)[:, None] * N + cols
    index = tl.load(index_ptr + at)
    tl.store(out_ptr + at, tl.gather(src, index, 0))


@triton.jit
def block_histogram_kernel(x_ptr, out_ptr, n_elements,
                           NUM_BINS: tl.constexpr, BLOCK_SIZE: tl.constexpr):
    """out[p, b] = how many of the BLOCK_SIZE values of program p equal b
    modulo NUM_BINS (values past n_elements are not counted)."""
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    counts = tl.histogram(x, NUM_BINS, mask=mask)
    tl.store(out_ptr + pid * NUM_BINS + tl.arange(0, NUM_BINS), counts)
