# A scalar function with branches mapped over every element with
# tl.map_elementwise (Triton 3.5), as kernels write per-element control flow
# that tl.where would compute on both sides: a soft clip whose log runs only
# for the elements past the limit. bench/public_bench.py runs it (repo
# "own") against Triton's JIT.
import triton
import triton.language as tl


@triton.jit
def _soft_clip(x, limit):
    if x > limit:
        return limit + tl.log(1.0 + (x - limit))
    if x < -limit:
        return -limit - tl.log(1.0 + (-limit - x))
    return x


@triton.jit
def soft_clip_kernel(x_ptr, y_ptr, n, limit, BLOCK: tl.constexpr):
    """y = _soft_clip(x, limit) for bf16 x, in fp32."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(tl.float32)
    y = tl.map_elementwise(_soft_clip, x, limit)
    tl.store(y_ptr + offs, y.to(tl.bfloat16), mask=mask)
