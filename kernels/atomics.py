# Kernels built on atomics, each over a flat array in BLOCK_SIZE chunks (one
# program per chunk, grid cdiv(n_elements, BLOCK_SIZE)):
# - histogram: counts[b] += the number of elements equal to b, for int32
#   values in [0, num_bins) (values outside are skipped);
# - abs_max: *out = max(*out, max |x|) over fp32 x (the scale of an fp8
#   quantization); *out must start at 0 (or a running maximum);
# - compact_positive: appends the positive fp32 values of x to out, each
#   chunk's in order and the chunks in any order, and adds their number to
#   *count (which must start at 0); out needs room for n_elements values;
# - scatter_add: out[idx[row], :] += src[row, :], one program per row (an
#   embedding's gradient), on 16-bit floats;
# - claim: every program tries to claim each of BLOCK_SIZE 16-bit slots
#   (0: free) with its id by compare-and-swap, and records which it won.
# tkc compiles this file ahead of time (kernels/BUILD); bench/ and Triton's
# JIT can import it too, so it must stay plain, importable Triton Python.
import triton
import triton.language as tl


@triton.jit
def histogram_kernel(x_ptr, counts_ptr, n_elements, num_bins,
                     BLOCK_SIZE: tl.constexpr):
    """Adds the chunk's values to their bins' counts."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    in_range = offsets < n_elements
    bins = tl.load(x_ptr + offsets, mask=in_range, other=0)
    valid = in_range & (bins >= 0) & (bins < num_bins)
    tl.atomic_add(counts_ptr + bins, 1, mask=valid)


@triton.jit
def abs_max_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    """Raises *out to the chunk's largest magnitude."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offsets, mask=offsets < n_elements, other=0.0)
    tl.atomic_max(out_ptr, tl.max(tl.abs(x), axis=0))


@triton.jit
def compact_positive_kernel(x_ptr, out_ptr, count_ptr, n_elements,
                            BLOCK_SIZE: tl.constexpr):
    """Appends the chunk's positive values to out at an offset it reserves
    with an atomic add on *count."""
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offsets, mask=offsets < n_elements, other=0.0)
    keep = x > 0
    flags = keep.to(tl.int32)
    position = tl.cumsum(flags, axis=0) - flags
    start = tl.atomic_add(count_ptr, tl.sum(flags, axis=0))
    tl.store(out_ptr + start + position, x, mask=keep)


@triton.jit
def scatter_add_kernel(idx_ptr, src_ptr, out_ptr, n_rows, n_cols,
                       BLOCK_SIZE: tl.constexpr):
    """Adds the program's row of src to the row of out its index names."""
    row = tl.program_id(axis=0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = (cols < n_cols) & (row < n_rows)
    target = tl.load(idx_ptr + row)
    x = tl.load(src_ptr + row * n_cols + cols, mask=mask)
    tl.atomic_add(out_ptr + target * n_cols + cols, x, mask=mask)


@triton.jit
def claim_kernel(slot_ptr, won_ptr, n_programs, BLOCK_SIZE: tl.constexpr):
    """Claims every free slot it can with its id, n_programs - pid (1 to
    n_programs); won[pid, s] = 1 where it did."""
    pid = tl.program_id(axis=0)
    offs = tl.arange(0, BLOCK_SIZE)
    me = tl.full((BLOCK_SIZE,), 0, tl.int16) + (n_programs - pid).to(tl.int16)
    old = tl.atomic_cas(slot_ptr + offs, tl.zeros((BLOCK_SIZE,), tl.int16), me)
    tl.store(won_ptr + pid * BLOCK_SIZE + offs, (old == 0).to(tl.int8))
