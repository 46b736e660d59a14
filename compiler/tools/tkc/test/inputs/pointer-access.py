# Kernels whose pointer parameters are read, written, both, or neither: the
# input of the tests of the metadata's `access` field.
import triton
import triton.language as tl


@triton.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


@triton.jit
def scale_inplace_kernel(p, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(p + offs)
    tl.store(p + offs, x * 2)


@triton.jit
def _copy_block(src, dst, scratch, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(dst + offs, tl.load(src + offs))


@triton.jit
def pass_through_kernel(x_ptr, scratch_ptr, y_ptr, unused_ptr,
                        BLOCK: tl.constexpr):
    _copy_block(x_ptr, y_ptr, scratch_ptr, BLOCK)


@triton.jit
def loop_sum_kernel(x_ptr, sum_ptr, n, BLOCK: tl.constexpr):
    ptrs = x_ptr + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(0, n, BLOCK):
        acc += tl.load(ptrs)
        ptrs += BLOCK
    tl.store(sum_ptr + tl.program_id(0), tl.sum(acc, axis=0))
