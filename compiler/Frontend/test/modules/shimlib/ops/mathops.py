# Helpers chosen at import time, as kernel libraries write them: tkc takes
# the try branch that assigns an attribute of the shim's `tl`, and the first
# of two versions of a @jit helper under a condition it cannot evaluate.
from shimlib.tritonshim import HAS_TRITON, tl, triton

try:
    exp2 = tl.exp2
except AttributeError:
    exp2 = None

NEW_TRITON = HAS_TRITON and int(triton.__version__.split(".")[0]) >= 3
if NEW_TRITON:

    @triton.jit
    def softplus(x):
        return tl.where(x <= 20.0, tl.log(1.0 + tl.exp(x)), x)

else:

    @triton.jit
    def softplus(x):
        return tl.log(1.0 + tl.exp(x))
