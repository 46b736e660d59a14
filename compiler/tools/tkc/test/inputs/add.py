# A vector add, the input of the driver's code generation tests.
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def print_kernel(a_ptr):
    r = tl.arange(0, 16)
    a = tl.load(a_ptr + r)
    tl.device_print("a", a)


@triton.jit
def math_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.0)
    y = tl.exp(x) + tl.log(x) + tl.sqrt(x) + tl.sin(x)
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def checked_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.device_assert(x >= 0, "x must not be negative", mask=offs < n)


@triton.jit
def streaming_add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # Loads read once and a store read soon, with L1 eviction priorities
    # (PTX 7.4 and up).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, eviction_policy="evict_first")
    y = tl.load(y_ptr + offs, mask=mask, eviction_policy="evict_last")
    tl.store(out_ptr + offs, x + y, mask=mask)

from triton.language.extra import libdevice  # noqa: E402 (roots_kernel's)


@triton.jit
def roots_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    # Square roots and exponentials, each as Triton computes it on NVIDIA.
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.sqrt(x))
    tl.store(out_ptr + BLOCK + offs, tl.sqrt_rn(x))
    tl.store(out_ptr + 2 * BLOCK + offs, libdevice.sqrt_rn(x))
    tl.store(out_ptr + 3 * BLOCK + offs, libdevice.exp(x))


@triton.jit
def division_kernel(x_ptr, y_ptr, h_ptr, out_ptr, BLOCK: tl.constexpr):
    # Division, remainder, fused multiply-add and negation, each as Triton
    # computes it on NVIDIA.
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    h = tl.load(h_ptr + offs)
    tl.store(out_ptr + offs, x / y)
    tl.store(out_ptr + BLOCK + offs, tl.div_rn(x, y))
    tl.store(out_ptr + 2 * BLOCK + offs, tl.fma(x, y, 1.0))
    tl.store(out_ptr + 3 * BLOCK + offs, x % y)
    tl.store(out_ptr + 4 * BLOCK + offs, -x)
    tl.store(h_ptr + offs, tl.fma(h, h, h))
