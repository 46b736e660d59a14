# Transcendental math that AMDGPU has no instruction for, the input of the
# driver's tests of the AMD backend's ROCm device library (ocml) calls.
import triton
import triton.language as tl


@triton.jit
def special_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.5)
    y = tl.load(y_ptr + offs, mask=mask, other=2.0)
    r = tl.tanh(x) + tl.erf(x) + tl.sin(x) + tl.cos(y) + tl.log1p(x)
    r += tl.expm1(y) + tl.rsqrt(y) + x % y
    r += tl.exp2(x) + tl.log2(y) + tl.exp(x) + tl.log(y) + tl.floor(x)
    tl.store(out_ptr + offs, r, mask=mask)


@triton.jit
def tanh_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.tanh(tl.load(x_ptr + offs)))
