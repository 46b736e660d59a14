# A module whose __all__ lists what `from .listed import *` binds: halve, not
# hidden.
import triton

__all__ = ["halve"]


@triton.jit
def halve(x):
    return x * 0.5


@triton.jit
def hidden(x):
    return x
