# Names another module takes with `from .starhelpers import *`: its own jit
# helpers and constants, those of extension.py through a star import of its
# own, and a private helper that a star import does not bind.
import triton
import triton.language as tl

from ..extension import *

OFFSET = 3.0


@triton.jit
def twice(x):
    return x * 2


@triton.jit
def _private(x):
    return x
