# A float downcast rounding toward zero, as kernels that quantize or store
# truncated activations write it (fp_downcast_rounding="rtz");
# bench/public_bench.py runs it (repo "own") against Triton's JIT, bit for
# bit.
import triton
import triton.language as tl


@triton.jit
def cast_rtz_kernel(x_ptr, h_ptr, b_ptr, n, BLOCK: tl.constexpr):
    """h = fp16(x), b = bf16(x), both rounded toward zero."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(h_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtz"),
             mask=mask)
    tl.store(b_ptr + offs, x.to(tl.bfloat16, fp_downcast_rounding="rtz"),
             mask=mask)


@triton.jit
def upcast_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    """y = fp32(x) for fp16 x: each thread loads 16 bytes and writes 32."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask).to(tl.float32),
             mask=mask)
