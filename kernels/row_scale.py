# Scales each row of a row-major fp32 matrix: out[r, c] = x[r, c] * scale. A
# kernel tuned by its own decorators, as kernel libraries write them: two
# configs autotuned on the row length, and an EVEN_N heuristic that picks an
# unmasked loop when the row length is a multiple of BLOCK (and a masked one
# otherwise). triton_kernel(decorators = True) compiles all four variants.
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 256}, num_warps=4),
        triton.Config({"BLOCK": 1024}, num_warps=8),
    ],
    key=["n_cols"],
)
@triton.heuristics({"EVEN_N": lambda args: args["n_cols"] % args["BLOCK"] == 0})
@triton.jit
def row_scale_kernel(x_ptr, out_ptr, n_rows, n_cols, scale,
                     BLOCK: tl.constexpr, EVEN_N: tl.constexpr):
    """Writes x * scale to out for row program_id(0) of n_rows rows."""
    row = tl.program_id(0)
    x_row = x_ptr + row * n_cols
    out_row = out_ptr + row * n_cols
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        if EVEN_N:
            x = tl.load(x_row + cols)
            tl.store(out_row + cols, x * scale)
        else:
            in_row = cols < n_cols
            x = tl.load(x_row + cols, mask=in_row, other=0.0)
            tl.store(out_row + cols, x * scale, mask=in_row)
