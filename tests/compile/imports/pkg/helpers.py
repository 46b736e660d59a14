# Helpers the kernel imports from its own package.
import triton
import triton.language as tl


@triton.jit
def block_offsets(BLOCK: tl.constexpr):
    return tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
