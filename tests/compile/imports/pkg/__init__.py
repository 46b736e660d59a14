# A package of kernels and their helpers (tests/compile/BUILD: triton_kernel's
# deps and import_paths).
