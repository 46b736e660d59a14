"""Public Bazel API of tkc: the only file users load.

    load("@tkc//rules:defs.bzl", "triton_kernel")   # or //rules:defs.bzl here

    triton_kernel(
        name = "vector_add",
        src = "vector_add.py",
        kernel = "add_kernel",
        signature = "*fp32:16, *fp32:16, *fp32:16, i32, 1024",
        grid = "cdiv(n_elements, BLOCK_SIZE)",
        targets = ["sm_80", "sm_90a"],
    )
    cc_binary(name = "app", srcs = ["app.c"], deps = [":vector_add"])

`app.c` then does `#include "vector_add.h"` and calls `vector_add(stream, ...)`.
A kernel can instead come from a manifest (docs/manifest.md):
`triton_kernel(name = ..., manifest = manifest("NAME.json"))`, with `manifest`
loaded from `@tkc_manifests//:manifests.bzl`, which WORKSPACE declares with
`tkc_manifests()` from rules/manifests.bzl.
See rules/README.md for the attributes and the targets the macro creates.
`triton_kernels_report(name, kernels = [...])` sums the variants reports of
several kernels (a bundle's sizes before and after compression, compile
times, spill warnings) into `<name>.variants.txt`.
"""

load(
    "//rules/private:kernels_report.bzl",
    _triton_kernels_report = "triton_kernels_report",
)
load(
    "//rules/private:triton_kernel.bzl",
    _TkcKernelInfo = "TkcKernelInfo",
    _triton_kernel = "triton_kernel",
)

triton_kernel = _triton_kernel
triton_kernels_report = _triton_kernels_report
TkcKernelInfo = _TkcKernelInfo
