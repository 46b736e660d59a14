# A kernel code generation cannot lower yet (a bfloat16 atomic addition): it
# must fail with a diagnostic at its source line (compile-unsupported.test).
import triton
import triton.language as tl


@triton.jit
def atomic_add_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.atomic_add(out_ptr + offs, x)
