# Kernels that print and check from the device: tl.device_print of floats,
# hexadecimal integers and a scalar, and tl.device_assert under a mask (kept
# when compiled in debug mode, `triton_kernel(debug = True)`).
import triton
import triton.language as tl


@triton.jit
def print_values_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.device_print("x", x)
    tl.device_print("bits", (offs * 3).to(tl.uint32), hex=True)
    tl.device_print("n", n)


@triton.jit
def checked_copy_kernel(src_ptr, dst_ptr, n, limit, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(src_ptr + offs, mask=mask)
    tl.device_assert(x < limit, "value over the limit", mask=mask)
    tl.store(dst_ptr + offs, x, mask=mask)
