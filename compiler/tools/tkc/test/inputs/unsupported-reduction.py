# A reduction code generation cannot lower yet (its operand comes from
# tl.reshape): it must fail with a diagnostic at its source line
# (compile-unsupported-reduction.test).
import triton
import triton.language as tl


@triton.jit
def reshaped_sum_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.reshape(x, (4, BLOCK // 4))
    tl.store(out_ptr + tl.arange(0, 4), tl.sum(y, axis=1))
