# Device functions other modules import (as FlagGems' triton_lang_extension).
import triton
from triton import language as tl


@triton.jit
def program_id(axis: int):
    return tl.program_id(axis).to(tl.int64)


@triton.jit
def lowest(dtype):
    d = dtype.value
    if d.is_floating():
        value: tl.constexpr = float("-inf")
        return value
    value: tl.constexpr = -1 * 2 ** (d.int_bitwidth - 1)
    return value


SCALE = 3
