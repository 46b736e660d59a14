# A row kernel tuned by its decorators, for `tkc aot --manifest`: a manifest
# beside the decorators names its configs, adds specializations, targets per
# config and a tuned table (aot-manifest.test).
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 128}, num_warps=4, num_stages=2),
        triton.Config({"BLOCK": 128}, num_warps=8, num_stages=2),
        triton.Config({"BLOCK": 512}, num_warps=4, num_stages=2),
    ],
    key=["n_cols"],
)
@triton.heuristics({"EVEN": lambda args: args["n_cols"] % args["BLOCK"] == 0})
@triton.jit
def rows_kernel(x_ptr, out_ptr, n_rows, n_cols,
                BLOCK: tl.constexpr, EVEN: tl.constexpr):
    row = tl.program_id(0)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        if EVEN:
            x = tl.load(x_ptr + row * n_cols + cols)
            tl.store(out_ptr + row * n_cols + cols, x * 2.0)
        else:
            x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols)
            tl.store(out_ptr + row * n_cols + cols, x * 2.0, mask=cols < n_cols)


@triton.heuristics({"BLOCK": lambda args: triton.next_power_of_2(args["n"])})
@triton.jit
def pow2_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1.0,
             mask=offs < n)
