"""Compile options for C++ code that uses LLVM/MLIR headers and libraries."""

# Debian's libLLVM.so/libMLIR.so are built without RTTI; classes derived from
# theirs (passes, dialects, interfaces) must be too, or the link misses their
# typeinfo. Exceptions stay off as in LLVM.
LLVM_COPTS = [
    "-fno-rtti",
    "-fno-exceptions",
    "-Wall",
    "-Wno-unused-parameter",
]
