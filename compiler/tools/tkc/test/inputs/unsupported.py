# A kernel code generation cannot lower yet (it prints from the device): it
# must fail with a diagnostic at its source line (compile-unsupported.test).
import triton
import triton.language as tl


@triton.jit
def print_sum_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.device_print("x", x)
    tl.store(out_ptr, tl.sum(x, axis=0))
