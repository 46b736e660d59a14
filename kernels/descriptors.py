# A kernel that takes tensor descriptors as parameters (Triton's
# TensorDescriptor; signature `tensordesc<fp32[32, 64]>`): tkc passes each as
# its base, shape and strides, and lowers desc.load/desc.store to masked
# accesses on every target. tkc compiles this file ahead of time
# (kernels/BUILD); it must stay plain Triton Python.
import triton
import triton.language as tl


@triton.jit
def scale_tiles_kernel(in_desc, out_desc, M, N, scale,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """out = in * scale over an M x N matrix, one BLOCK_M x BLOCK_N tile
    per program; the descriptors mask the tiles at the edges."""
    tiles_n = tl.cdiv(N, BLOCK_N)
    m = tl.program_id(axis=0) // tiles_n * BLOCK_M
    n = tl.program_id(axis=0) % tiles_n * BLOCK_N
    tile = in_desc.load([m, n])
    out_desc.store([m, n], (tile * scale).to(out_desc.dtype))
