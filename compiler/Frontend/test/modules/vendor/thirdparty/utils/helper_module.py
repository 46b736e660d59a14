import triton


@triton.jit
def shift(p):
    return p + 1
