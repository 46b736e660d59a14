# A row top-k written here in the style of kernel libraries (FlagGems' and
# vLLM's samplers select the k largest logits per row with tl.topk);
# bench/public_bench.py runs it (repo "own") against Triton's JIT.
import triton
import triton.language as tl


@triton.jit
def row_topk_kernel(x_ptr, out_ptr, stride_x, stride_out, N: tl.constexpr,
                    K: tl.constexpr):
    """out[row, :K] = the K largest of x[row, :N], largest first."""
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * stride_x + tl.arange(0, N))
    top = tl.topk(x, K)
    tl.store(out_ptr + row * stride_out + tl.arange(0, K), top)


@triton.jit
def tile_topk_kernel(x_ptr, out_ptr, N: tl.constexpr, K: tl.constexpr,
                     ROWS: tl.constexpr):
    """The same for ROWS rows at once (a 2-D block, top-k along dim 1)."""
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    x = tl.load(x_ptr + rows[:, None] * N + tl.arange(0, N)[None, :])
    top = tl.topk(x, K, dim=1)
    tl.store(out_ptr + rows[:, None] * K + tl.arange(0, K)[None, :], top)


@triton.jit
def bitonic_merge_kernel(x_ptr, out_ptr, N: tl.constexpr, ROWS: tl.constexpr):
    """Sorts ROWS bitonic rows of N (rising, then falling), largest first, as
    a sampler merges two sorted halves."""
    rows = tl.program_id(0) * ROWS + tl.arange(0, ROWS)
    offs = rows[:, None] * N + tl.arange(0, N)[None, :]
    merged = tl.bitonic_merge(tl.load(x_ptr + offs), descending=True)
    tl.store(out_ptr + offs, merged)
