# Kernels with @triton.heuristics as libraries write them, for `tkc aot`:
# EVEN_N picks an unmasked variant when the row length divides the block;
# HAS_BIAS tests a pointer against None; BLOCK computes an integer. The
# kernels from `by_dtype` to `both` and `by_vendor` are refused.
import triton
import triton.language as tl

LIMIT = 4096


@triton.autotune(configs=[triton.Config({"BLOCK": 64}, num_warps=2),
                          triton.Config({"BLOCK": 128}, num_warps=4)],
                 key=["n_cols"])
@triton.heuristics({"EVEN_N": lambda args: args["n_cols"] % args["BLOCK"] == 0})
@triton.jit
def scale_rows(x_ptr, out_ptr, n_cols, BLOCK: tl.constexpr,
               EVEN_N: tl.constexpr):
    row = tl.program_id(0)
    for start in range(0, n_cols, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        if EVEN_N:
            x = tl.load(x_ptr + row * n_cols + offs)
            tl.store(out_ptr + row * n_cols + offs, x * 2.0)
        else:
            mask = offs < n_cols
            x = tl.load(x_ptr + row * n_cols + offs, mask=mask)
            tl.store(out_ptr + row * n_cols + offs, x * 2.0, mask=mask)


@triton.heuristics({
    "HAS_BIAS": lambda args: args["bias_ptr"] is not None,
    "SMALL": lambda args: args["n"] <= LIMIT and not args["HAS_BIAS"],
})
@triton.jit
def add_bias(x_ptr, bias_ptr, n, HAS_BIAS: tl.constexpr, SMALL: tl.constexpr,
             BLOCK: tl.constexpr = 128):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    if HAS_BIAS:
        x += tl.load(bias_ptr + offs, mask=offs < n)
    if SMALL:
        x = x * 1.0
    tl.store(x_ptr + offs, x, mask=offs < n)


@triton.heuristics({"BLOCK": lambda a: max(triton.next_power_of_2(a["n"]), 16)})
@triton.jit
def pow2_block(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1.0,
             mask=offs < n)


@triton.heuristics({"FP16": lambda args: args["x_ptr"].dtype == tl.float16})
@triton.jit
def by_dtype(x_ptr, n, FP16: tl.constexpr):
    pass


def pick(n):
    return n > 8


@triton.heuristics({"BIG": lambda args: pick(args["n"])})
@triton.jit
def by_function(x_ptr, n, BIG: tl.constexpr):
    pass


@triton.heuristics({"ALIGNED": lambda args: args["x_ptr"] % 16 == 0,
                    "LATER": lambda args: args["n"] > 0})
@triton.jit
def by_pointer(x_ptr, n, ALIGNED: tl.constexpr, LATER: tl.constexpr):
    pass


@triton.heuristics({"FIRST": lambda args: args["SECOND"] and args["n"] > 0,
                    "SECOND": lambda args: args["n"] > 8})
@triton.jit
def reads_later(x_ptr, n, FIRST: tl.constexpr, SECOND: tl.constexpr):
    pass


@triton.autotune(configs=[triton.Config({"EVEN": True})], key=["n"])
@triton.heuristics({"EVEN": lambda args: args["n"] % 2 == 0})
@triton.jit
def both(x_ptr, n, EVEN: tl.constexpr):
    pass


def block_for(args):
    total = args["total"] if "total" in args else args["n"]
    if total >= 4096:
        return 128
    elif total >= 64:
        return max(32, min(64, triton.next_power_of_2(total)))
    return 16


@triton.heuristics({"BLOCK": block_for})
@triton.jit
def if_chain(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) + 1.0,
             mask=offs < n)


def vendor_block(args):
    if triton.runtime.driver.active.get_current_target().backend == "hip":
        return 64
    return 128


@triton.heuristics({"BLOCK": vendor_block})
@triton.jit
def by_vendor(x_ptr, n, BLOCK: tl.constexpr):
    pass
