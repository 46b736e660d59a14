# A row kernel tuned by its own decorators (two configs keyed on n_cols, an
# EVEN heuristic), for triton_kernel(decorators = True, manifest = ...): the
# manifest rows.decorators.json names the configs, adds an aligned
# specialization, keeps one config to sm_90a and ships a tuned table.
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": 128}, num_warps=4, num_stages=1),
        triton.Config({"BLOCK": 512}, num_warps=4, num_stages=1),
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
            tl.store(out_ptr + row * n_cols + cols, x + 1.0)
        else:
            x = tl.load(x_ptr + row * n_cols + cols, mask=cols < n_cols)
            tl.store(out_ptr + row * n_cols + cols, x + 1.0, mask=cols < n_cols)
