"""lit_tests(): one Bazel test target per lit test file.

    load("//third_party/llvm:lit.bzl", "lit_tests")
    lit_tests(
        srcs = glob(["*.mlir"]),
        tools = ["//compiler/tools/tkc-opt"],
    )

Each file `f` becomes the sh_test `f.test`, which runs lit on it with the
tools' directories, FileCheck and not on PATH.
"""

_LLVM_TOOLS = [
    "@llvm//:bin/FileCheck",
    "@llvm//:bin/not",
    "@llvm//:bin/count",
]

def lit_tests(srcs, tools = [], data = [], tags = [], medium = []):
    """Declares `<src>.test` for each src.

    Args:
      srcs: the lit test files.
      tools: binaries the RUN lines call by name.
      data: other files the tests read (inputs, kernels).
      tags: tags for every test.
      medium: the srcs whose tests may take minutes (ptxas on large
        kernels): Bazel's medium size, a 5-minute timeout instead of 1.
    """
    for src in srcs:
        native.sh_test(
            name = src + ".test",
            srcs = ["//third_party/llvm:lit_runner.sh"],
            args = ["$(rootpath %s)" % src] +
                   ["$(rootpath %s)" % t for t in tools + _LLVM_TOOLS],
            data = [src, "//:lit.cfg.py"] + tools + _LLVM_TOOLS + data,
            tags = tags,
            size = "medium" if src in medium else "small",
        )
