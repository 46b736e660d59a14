import triton
@triton.jit
def k(x):
    return x + (1))
