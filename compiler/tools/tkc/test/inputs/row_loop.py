# A row summed in a loop over its blocks of columns, whose count is known
# only at run time (compile-loops.test).
import triton
import triton.language as tl


@triton.jit
def row_sum_kernel(x_ptr, out_ptr, stride, n_blocks, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for b in range(n_blocks):
        cols = b * BLOCK + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * stride + cols)
    tl.store(out_ptr + row, tl.sum(acc))
