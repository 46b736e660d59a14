# A bisection unrolled by tl.static_range, as load-balancing planners write
# it: each step broadcasts its bounds over a tile of costs, sums the tile
# back per row, and both bounds of the next step depend on both of this
# one's.
import triton
import triton.language as tl


@triton.jit
def bisection_kernel(Costs, Limits, Out, ROWS: tl.constexpr,
                     COLS: tl.constexpr, STEPS: tl.constexpr):
    cols = tl.arange(0, COLS)
    rows = tl.arange(0, ROWS)
    costs = tl.load(Costs + cols).to(tl.float32)[None, :]
    limits = tl.load(Limits + rows)
    lo = tl.full([ROWS], 1.0, tl.float32)
    hi = tl.zeros([ROWS], tl.float32) + tl.max(costs, 1)
    for _ in tl.static_range(STEPS):
        mid = (lo + hi) * 0.5
        used = tl.sum(tl.ceil(costs / mid[:, None]), 1)
        ok = used <= limits
        hi = tl.where(ok, mid, hi)
        lo = tl.where(ok, lo, mid)
    tl.store(Out + rows, hi)
