import triton
@triton.jit
def k(x):
    return tl.load(x[tl.arange(0, 4))
