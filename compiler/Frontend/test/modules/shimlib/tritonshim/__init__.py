# The shim: Triton's modules where Triton is installed, stand-ins elsewhere.
# tkc takes the branch that imports triton.language, through the re-export
# of HAS_TRITON from .probe.
from .probe import HAS_TRITON


class _Missing:
    def __getattr__(self, name):
        raise ImportError("triton is not installed")


if HAS_TRITON:
    import triton
    import triton.language as tl
    import triton.language.extra.libdevice as tldevice
else:
    triton = _Missing()
    tl = _Missing()
    tldevice = _Missing()

LOG2E = 1.4426950408889634
