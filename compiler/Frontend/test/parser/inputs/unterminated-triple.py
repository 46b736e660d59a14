import triton

@triton.jit
def k(x):
    """Docstring that never ends.
    return x
