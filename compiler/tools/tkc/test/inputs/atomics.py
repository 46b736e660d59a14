# Kernels with atomics for compile-atomics.test.
import triton
import triton.language as tl


@triton.jit
def histogram_kernel(x_ptr, counts_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    in_range = offs < n
    bins = tl.load(x_ptr + offs, mask=in_range, other=0)
    tl.atomic_add(counts_ptr + bins, 1, mask=in_range)


@triton.jit
def block_max_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=-float("inf"))
    tl.atomic_max(out_ptr, tl.max(x, 0))


@triton.jit
def broadcast_add_kernel(out_ptr, BLOCK: tl.constexpr):
    tl.atomic_add(out_ptr + tl.arange(0, BLOCK), 1.0, sem="relaxed",
                  scope="cta")


@triton.jit
def lock_kernel(lock_ptr):
    tl.atomic_cas(lock_ptr, 0, 1)


@triton.jit
def counter_kernel(counter_ptr, out_ptr):
    old = tl.atomic_add(counter_ptr, 1)
    tl.store(out_ptr + tl.program_id(0), old)


@triton.jit
def float_cas_kernel(out_ptr, src_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    cur = tl.load(out_ptr + offs)
    old = tl.atomic_cas(out_ptr + offs, cur, cur * tl.load(src_ptr + offs),
                        sem="relaxed")
    tl.store(src_ptr + offs, old)
