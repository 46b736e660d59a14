import triton
@triton.jit
def k(x):
    tl.static_print(“x”)
