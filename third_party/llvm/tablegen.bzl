"""mlir_tablegen(): runs the system mlir-tblgen on an ODS file.

Any package can turn a `.td` file into `.h.inc`/`.cpp.inc` files and a
cc_library that exposes them:

    load("//third_party/llvm:tablegen.bzl", "mlir_tablegen")
    mlir_tablegen(
        name = "TKCOpsIncGen",
        td_file = "TKCOps.td",
        td_srcs = ["TKCDialect.td", "TKCTypes.td"],
        outs = {
            "TKCOps.h.inc": ["-gen-op-decls"],
            "TKCOps.cpp.inc": ["-gen-op-defs"],
        },
    )

Include paths are the root of the repository the calling package is in (so
`include "compiler/..."` works whether tkc is the main repository or an
external one, `external/tkc`) and the system MLIR/LLVM include directory.
Every `.td` file read is declared.
"""

_TBLGEN = "@llvm//:bin/mlir-tblgen"

def mlir_tablegen(name, td_file, outs, td_srcs = [], visibility = None):
    """Declares one genrule per output and a header-only cc_library `name`.

    Args:
      name: name of the cc_library exposing the generated files.
      td_file: the `.td` file to run mlir-tblgen on.
      outs: dict from output file name to the list of mlir-tblgen options.
      td_srcs: other `.td` files of this repository that td_file includes.
      visibility: visibility of the cc_library.
    """
    srcs = [td_file] + td_srcs + ["@llvm//:td_files"]
    repository = native.repository_name()
    root = "." if repository == "@" else "external/" + repository[1:]
    generated = []
    for out, opts in outs.items():
        rule_name = "%s_%s" % (name, out.replace(".", "_").replace("/", "_"))
        native.genrule(
            name = rule_name,
            srcs = srcs,
            outs = [out],
            tools = [_TBLGEN],
            cmd = " ".join([
                "$(location %s)" % _TBLGEN,
                " ".join(opts),
                "-I " + root,
                "-I $(GENDIR)" + ("" if root == "." else "/" + root),
                "-I external/llvm/include",
                "$(location %s)" % td_file,
                "-o $@",
            ]),
            message = "mlir-tblgen %s -> %s" % (td_file, out),
        )
        generated.append(out)
    native.cc_library(
        name = name,
        textual_hdrs = generated,
        visibility = visibility,
    )
