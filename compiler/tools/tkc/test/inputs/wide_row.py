# A row of 32768 floats on 4 warps, 256 registers' worth a thread, in the
# style of Liger-Kernel's JSD: more live values than registers, so ptxas
# spills either way.
import triton
import triton.language as tl


@triton.jit
def wide_row(x_ptr, y_ptr, dx_ptr, loss_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    top = tl.maximum(tl.max(x, axis=0), tl.max(y, axis=0))
    q = tl.exp(x - top)
    p = tl.exp(y - top)
    m = 0.5 * (p + q)
    log_m = tl.log(m)
    tl.store(loss_ptr, tl.sum(p * y + q * x - 2 * m * log_m, axis=0))
    tl.store(dx_ptr + offs, q * (x - log_m))
