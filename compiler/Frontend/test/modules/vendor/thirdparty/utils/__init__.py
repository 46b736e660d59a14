# A module outside the kernel's package, found through --import-path: it
# re-exports triton.language under a module-level condition, as vLLM's
# triton_utils does.
HAS_TRITON = True
if HAS_TRITON:
    import triton.language as tl
else:
    tl = None
