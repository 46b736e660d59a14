# An elementwise add tuned by its decorator, as kernel libraries write it:
# configs from a comprehension over module-level lists, keyed on n.
import triton
import triton.language as tl

BLOCKS = [256, 1024]

configs = [
    triton.Config({"BLOCK": b}, num_warps=w, num_stages=s)
    for b in BLOCKS
    for w in (2, 4) if b // (32 * w) >= 4
    for s in range(1, 3)
]


@triton.autotune(configs=configs, key=["n"], warmup=10)
@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.autotune(configs=[triton.Config({"BLOCK": 128}),
                          triton.Config({"BLOCK": 256})],
                 key=["x_ptr"], restore_value=["out_ptr"])
@triton.jit
def bad_key(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


@triton.autotune(configs=[triton.Config({"BLOCK": 128}),
                          triton.Config({"BLOCK": 256})],
                 key=["n"], reset_to_zero=["out_ptr"])
@triton.jit
def accumulate(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.atomic_add(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


def keep(config):
    return True


@triton.autotune(configs=list(filter(keep, configs)), key=["n"])
@triton.jit
def filtered(x_ptr, n, BLOCK: tl.constexpr):
    pass


# A constexpr no config sets (SCALE), given in the signature; the key names
# it too, as Triton allows (it picks nothing at run time).
@triton.autotune(configs=[triton.Config({"BLOCK": 128}),
                          triton.Config({"BLOCK": 256})],
                 key=["n", "SCALE"])
@triton.jit
def scaled(x_ptr, out_ptr, n, SCALE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs, x * SCALE, mask=offs < n)


# Configs that set no constexpr, only warps (vLLM's fla kernels): every one
# is compiled and autotuned over, and the heuristic still picks EVEN.
@triton.autotune(configs=[triton.Config({}, num_warps=w) for w in [2, 4]],
                 key=["n"])
@triton.heuristics({"EVEN": lambda args: args["n"] % 256 == 0})
@triton.jit
def warps_only(x_ptr, out_ptr, n, EVEN: tl.constexpr):
    offs = tl.program_id(0) * 256 + tl.arange(0, 256)
    if EVEN:
        tl.store(out_ptr + offs, tl.load(x_ptr + offs))
    else:
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n),
                 mask=offs < n)


@triton.jit
def _tile_product(a, b, c, K, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK, BLOCK), tl.float32)
    for k in range(0, K, 64):
        kk = k + tl.arange(0, 64)
        acc += tl.dot(tl.load(a + r[:, None] * K + kk[None, :]),
                      tl.load(b + kk[:, None] * BLOCK + r[None, :]))
    tl.store(c + r[:, None] * BLOCK + r[None, :], acc)


# A K loop whose second config's operand tiles (4 stages of 32 KiB) fit
# sm_90a's shared memory but not sm_86's 99 KiB.
@triton.autotune(configs=[triton.Config({"BLOCK": 32}, num_stages=2),
                          triton.Config({"BLOCK": 128}, num_stages=4)],
                 key=["K"])
@triton.jit
def tiles(a, b, c, K, BLOCK: tl.constexpr):
    _tile_product(a, b, c, K, BLOCK)


# Neither config fits sm_86 (128 and 192 KiB of operand tiles).
@triton.autotune(configs=[triton.Config({"BLOCK": 128}, num_stages=4),
                          triton.Config({"BLOCK": 256}, num_stages=3)],
                 key=["K"])
@triton.jit
def big(a, b, c, K, BLOCK: tl.constexpr):
    _tile_product(a, b, c, K, BLOCK)


# Two configs that differ only in maxnreg: two variants, one capped.
@triton.autotune(configs=[triton.Config({"BLOCK": 256}, maxnreg=64),
                          triton.Config({"BLOCK": 256})],
                 key=["n"])
@triton.jit
def capped(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2,
             mask=offs < n)


# A register count out of range is refused at its config.
@triton.autotune(configs=[triton.Config({"BLOCK": 256}, maxnreg=512)],
                 key=["n"])
@triton.jit
def bad_maxnreg(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
