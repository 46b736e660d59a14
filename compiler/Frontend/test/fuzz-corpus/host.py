#!/usr/bin/env python
"""Host code around a kernel."""
import os, sys
from . import sibling
from ..pkg import (a as b, c,)
import triton
import triton.language as tl


class Runner:
    cache = {}

    @staticmethod
    def grid(meta):
        return (triton.cdiv(meta['n'], meta['BLOCK']),)

    def __call__(self, *args, **kwargs):
        with open(os.devnull) as f, open("x") as g:
            print(f"{self!r} {args[0]:>{10}} {{}}", file=f)
        try:
            return [x for x in args if x], {k: v for k, v in kwargs.items()}
        except (ValueError, KeyError) as e:
            raise RuntimeError("bad") from e
        finally:
            del self.cache


async def main():
    await Runner()(1)
    async with lock:
        pass
    yield 1
    x = yield
    global Q
    nonlocal_ = lambda *a, **k: (a, k)
    match x:
        case [1, 2]:
            pass
        case _:
            pass
    s = {1, 2, *x}
    z = 1 if x else 2; y = not x
    return b'bytes' + rb'\d'


@triton.jit
def kernel(X, Y, N: tl.constexpr):
    x = tl.load(X + tl.arange(0, N))
    tl.store(Y + tl.arange(0, N), tl.exp(x) / tl.sum(tl.exp(x), axis=0))


if __name__ == "__main__":
    for i in range(3):
        main()
    else:
        sys.exit(0)
