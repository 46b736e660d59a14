# A shim in the try/except style whose taken branch imports triton only and
# reaches triton.language through it.
try:
    import triton

    tl = triton.language
except ImportError:
    triton = None
    tl = None
