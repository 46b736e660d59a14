"""Implementation of triton_kernel(): compile actions, launcher generation and
the cc_library that users depend on.

The macro `triton_kernel` instantiates three things:
  * `<name>_codegen` (rule `_tkc_codegen`): one `TkcCompile` action per
    variant, writing `<name>.<arch>.cubin|hsaco` + `<name>.<arch>.json`, and one
    `TkcLauncherGen` action writing `<name>.h` + `<name>.c` from all the
    metadata files;
  * `<name>_header`, `<name>_source`: the generated pair, by output group;
  * `<name>`: a cc_library over that pair, depending on the tkc runtime, so a
    consumer gets CcInfo and writes `#include "<name>.h"`.

Every label below is a Label() so the rule resolves it in tkc's repository
whether it is loaded as //rules:defs.bzl or as @tkc//rules:defs.bzl.
"""

_TKC = Label("//compiler/tools/tkc")
_LAUNCHER_GEN = Label("//launcher_gen:tkc-launcher-gen")
_RUNTIME = Label("//launcher_gen:tkc_runtime")
_PTXAS = Label("@cuda//:ptxas")
_LIBDEVICE = Label("@cuda//:libdevice")
_LLD = Label("@llvm//:bin/ld.lld")

TkcKernelInfo = provider(
    doc = "The compiled variants of one triton_kernel() and its C pair.",
    fields = {
        "kernel": "the @triton.jit function's name",
        "header": "File: the generated <name>.h",
        "source": "File: the generated <name>.c",
        "variants": "list of struct(target, arch, binary, metadata), one " +
                    "per TkcCompile action",
    },
)

def _parse_target(target):
    """Splits a tkc target string into (backend, arch, binary extension).

    Accepts what `tkc compile --target` accepts: `cuda:90a`, `sm_90a`,
    `hip:gfx942[:warp]`, `gfx942`.
    """
    parts = target.split(":")
    if len(parts) == 1:
        arch = parts[0]
        if arch.startswith("sm_"):
            return ("cuda", arch, "cubin")
        if arch.startswith("gfx"):
            return ("hip", arch, "hsaco")
    elif parts[0] == "cuda" and len(parts) in (2, 3):
        return ("cuda", "sm_" + parts[1], "cubin")
    elif parts[0] == "hip" and len(parts) in (2, 3):
        return ("hip", parts[1], "hsaco")
    fail("triton_kernel: unknown target '%s'; expected sm_NN[a], " % target +
         "cuda:NN[a], gfxNNN or hip:gfxNNN")

def _split_grid(grid):
    """Splits a grid string at its top-level commas (not those in cdiv(a, b))."""
    exprs = []
    depth = 0
    current = ""
    for i in range(len(grid)):
        c = grid[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if c == "," and depth == 0:
            exprs.append(current)
            current = ""
        else:
            current += c
    exprs.append(current)
    return exprs

def grid_string(grid):
    """Normalizes `grid` (a string or a list of 1-3 expressions) to the
    "X, Y, Z" form tkc-launcher-gen takes, padding missing dimensions with 1."""
    exprs = _split_grid(grid) if type(grid) == "string" else list(grid)
    exprs = [e.strip() for e in exprs]
    if not exprs or len(exprs) > 3 or "" in exprs:
        fail("triton_kernel: grid must have 1 to 3 non-empty expressions, " +
             "got %r" % (grid,))
    return ", ".join(exprs + ["1"] * (3 - len(exprs)))

def _variants(ctx):
    """The compile variants of this kernel, one TkcCompile action each.

    This list is the single seam for variant expansion: today it holds one
    variant per target, from the rule's attributes. A manifest (configs ×
    specializations × targets) expands here into more entries, each with its
    own `stem`; the compile and launcher-gen steps below only iterate it.
    """
    variants = []
    seen = {}
    signatures = ctx.attr.signatures
    for target in ctx.attr.targets:
        backend, arch, ext = _parse_target(target)
        if arch in seen:
            fail("triton_kernel: targets '%s' and '%s' both name %s" %
                 (seen[arch], target, arch))
        seen[arch] = target

        # Specializations in the order given: the generated dispatch tries
        # them first to last, so the most specialized comes first.
        for index, signature in enumerate(signatures):
            stem = ctx.attr.out_name
            if len(signatures) > 1:
                stem += ".s%d" % index
            stem += "." + arch
            variants.append(struct(
                stem = stem,
                target = target,
                backend = backend,
                arch = arch,
                ext = ext,
                signature = signature,
                constexprs = ctx.attr.constexprs,
                num_warps = ctx.attr.num_warps,
                num_stages = ctx.attr.num_stages,
            ))
    return variants

def _compile(ctx, variant):
    """Declares the TkcCompile action of one variant; returns its outputs."""
    binary = ctx.actions.declare_file(variant.stem + "." + variant.ext)
    metadata = ctx.actions.declare_file(variant.stem + ".json")
    out_prefix = metadata.path[:-len(".json")]

    args = ctx.actions.args()
    args.add("compile")
    args.add(ctx.file.src)
    args.add(ctx.attr.kernel, format = "--kernel=%s")
    args.add(variant.signature, format = "--signature=%s")
    for key in sorted(variant.constexprs.keys()):
        args.add("--constexpr=%s=%s" % (key, variant.constexprs[key]))
    args.add(variant.num_warps, format = "--num-warps=%s")
    args.add(variant.num_stages, format = "--num-stages=%s")
    args.add(variant.target, format = "--target=%s")
    args.add("-o", out_prefix)

    inputs = [ctx.file.src]
    if variant.backend == "cuda":
        args.add(ctx.file._ptxas, format = "--ptxas=%s")
        args.add(ctx.file._libdevice, format = "--libdevice=%s")
        inputs += [ctx.file._ptxas, ctx.file._libdevice]
    else:
        args.add(ctx.file._lld, format = "--ld-lld=%s")
        inputs.append(ctx.file._lld)

    ctx.actions.run(
        executable = ctx.executable._tkc,
        arguments = [args],
        inputs = inputs,
        outputs = [binary, metadata],
        mnemonic = "TkcCompile",
        progress_message = "Compiling Triton kernel %s for %s (%s)" %
                           (ctx.attr.kernel, variant.arch, ctx.label),
    )
    return struct(
        target = variant.target,
        arch = variant.arch,
        binary = binary,
        metadata = metadata,
    )

def _launcher_gen(ctx, compiled):
    """Declares the TkcLauncherGen action; returns (header, source)."""
    header = ctx.actions.declare_file(ctx.attr.out_name + ".h")
    source = ctx.actions.declare_file(ctx.attr.out_name + ".c")

    args = ctx.actions.args()
    args.add("--name", ctx.attr.out_name)
    args.add("--grid", ctx.attr.grid)
    args.add("--header", header)
    args.add("--source", source)
    args.add_all([c.metadata for c in compiled])

    ctx.actions.run(
        executable = ctx.executable._launcher_gen,
        arguments = [args],
        # Each metadata file names its binary, which is embedded in the .c.
        inputs = [c.metadata for c in compiled] + [c.binary for c in compiled],
        outputs = [header, source],
        mnemonic = "TkcLauncherGen",
        progress_message = "Generating the C launcher of %s" % ctx.label,
    )
    return header, source

def _tkc_codegen_impl(ctx):
    compiled = [_compile(ctx, v) for v in _variants(ctx)]
    header, source = _launcher_gen(ctx, compiled)
    binaries = [c.binary for c in compiled]
    metadata = [c.metadata for c in compiled]
    return [
        DefaultInfo(files = depset([header, source] + binaries + metadata)),
        OutputGroupInfo(
            header = depset([header]),
            source = depset([source]),
            binaries = depset(binaries),
            metadata = depset(metadata),
        ),
        TkcKernelInfo(
            kernel = ctx.attr.kernel,
            header = header,
            source = source,
            variants = compiled,
        ),
    ]

_tkc_codegen = rule(
    implementation = _tkc_codegen_impl,
    doc = "Compiles a Triton-language kernel with tkc and generates its C " +
          "launcher. Use through triton_kernel().",
    attrs = {
        "out_name": attr.string(
            mandatory = True,
            doc = "Stem of every output and the C API's function name.",
        ),
        "src": attr.label(
            mandatory = True,
            allow_single_file = [".py"],
            doc = "The kernel's Python source; tkc reads it, never runs it.",
        ),
        "kernel": attr.string(mandatory = True),
        "signatures": attr.string_list(mandatory = True, allow_empty = False),
        "grid": attr.string(mandatory = True),
        "constexprs": attr.string_dict(),
        "num_warps": attr.int(default = 4),
        "num_stages": attr.int(default = 3),
        "targets": attr.string_list(mandatory = True, allow_empty = False),
        "_tkc": attr.label(
            default = _TKC,
            executable = True,
            cfg = "exec",
        ),
        "_launcher_gen": attr.label(
            default = _LAUNCHER_GEN,
            executable = True,
            cfg = "exec",
        ),
        "_ptxas": attr.label(
            default = _PTXAS,
            allow_single_file = True,
            cfg = "exec",
        ),
        "_libdevice": attr.label(
            default = _LIBDEVICE,
            allow_single_file = True,
        ),
        "_lld": attr.label(
            default = _LLD,
            allow_single_file = True,
            cfg = "exec",
        ),
    },
)

def triton_kernel(
        name,
        src,
        kernel,
        signature,
        grid,
        constexprs = {},
        num_warps = 4,
        num_stages = 3,
        targets = ["sm_80", "sm_90a"],
        copts = [],
        visibility = None,
        tags = [],
        testonly = False,
        **kwargs):
    """A Triton-language kernel compiled ahead of time into a C library.

    Creates the cc_library `name` (header `<name>.h`, function `name()`), and
    `<name>_codegen`, whose output groups `binaries`, `metadata`, `header` and
    `source` hold the per-target cubin/hsaco and JSON files and the C pair.

    Args:
      name: the library's name; also the C function's name and the header's.
      src: the kernel's `.py` file.
      kernel: the `@triton.jit` function to compile.
      signature: Triton's AOT signature, e.g. "*fp32:16, *fp32:16, i32, 1024",
        or a list of them: specializations of one kernel, most specialized
        first (e.g. "..., i32:16, ..." then "..., i32, ..."). Each is compiled
        per target; the generated C picks the first whose run-time checks
        (alignment, divisibility, == 1) the arguments pass.
      grid: launch grid over the kernel's parameter and constexpr names, as
        "X[, Y[, Z]]" or a list of 1-3 expressions; `cdiv(a, b)` is available.
      constexprs: constexpr values by name, for those not fixed in signature.
      num_warps: warps per program.
      num_stages: software pipelining stages.
      targets: architectures to compile for: sm_80, sm_90a, cuda:90a, ...
      copts: extra C compiler options for the generated source.
      visibility: visibility of the cc_library.
      tags: tags for every target created.
      testonly: as for any rule.
      **kwargs: passed on to the cc_library (e.g. alwayslink).
    """
    codegen = name + "_codegen"
    _tkc_codegen(
        name = codegen,
        out_name = name,
        src = src,
        kernel = kernel,
        signatures = [signature] if type(signature) == "string" else signature,
        grid = grid_string(grid),
        constexprs = {k: str(v) for k, v in constexprs.items()},
        num_warps = num_warps,
        num_stages = num_stages,
        targets = targets,
        tags = tags,
        testonly = testonly,
        visibility = visibility,
    )
    for group in ("header", "source"):
        native.filegroup(
            name = "%s_%s" % (name, group),
            srcs = [":" + codegen],
            output_group = group,
            tags = tags,
            testonly = testonly,
            visibility = visibility,
        )

    # Expose `<name>.h` at the include root, wherever the package lives.
    # The entry points are kept even when nothing references them yet, so
    # that a shared library of kernels exports them.
    package = native.package_name()
    kwargs.setdefault("alwayslink", True)
    native.cc_library(
        name = name,
        srcs = [":%s_source" % name],
        hdrs = [":%s_header" % name],
        strip_include_prefix = "/" + package if package else None,
        copts = copts,
        deps = [str(_RUNTIME)],
        tags = tags,
        testonly = testonly,
        visibility = visibility,
        **kwargs
    )
